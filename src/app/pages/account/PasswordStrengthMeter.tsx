/**
 * The password strength indicator (spec §5): weak, medium or strong, in text as well as colour. Before anything is
 * typed there is no strength to judge: the meter is neutral (a muted hint, no colour), not a red verdict.
 */
import { passwordScore, passwordStrength } from '../../../lib/passwordStrength';

const LABELS = { weak: 'Weak', medium: 'Medium', strong: 'Strong' } as const;

/** What the meter says while the password is empty. */
const STRENGTH_HINT = 'Strength shows as you type';

export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const level = password ? passwordStrength(password) : 'empty';
  const score = Math.min(100, passwordScore(password));
  return (
    <div className={`strength strength--${level}`} id={id} aria-live="polite">
      <meter
        className="strength__bar"
        min={0}
        max={100}
        low={51}
        high={76}
        optimum={100}
        value={score}
        aria-hidden="true"
      />
      <span className="strength__label">
        {level === 'empty' ? STRENGTH_HINT : `Password strength: ${LABELS[level]}`}
      </span>
    </div>
  );
}
