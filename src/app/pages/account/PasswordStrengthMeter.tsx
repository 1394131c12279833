/** The password strength indicator (spec §5): weak, medium or strong, in text as well as colour. */
import { passwordScore, passwordStrength } from '../../../lib/passwordStrength';

const LABELS = { weak: 'Weak', medium: 'Medium', strong: 'Strong' } as const;

export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const level = passwordStrength(password);
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
      <span className="strength__label">Password strength: {password ? LABELS[level] : '—'}</span>
    </div>
  );
}
