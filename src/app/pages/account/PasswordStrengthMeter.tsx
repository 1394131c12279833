/**
 * The password strength indicator (spec §5): weak, medium or strong, in text as well as colour. Before anything is
 * typed there is no strength to judge: the meter is neutral (a muted hint, no colour), not a red verdict. A commonly
 * used password (the list the services refuse, loaded with the first character typed) is weak and says why.
 */
import { useEffect, useState } from 'react';
import { commonPasswords, loadCommonPasswords } from '../../../lib/commonPasswords';
import { isListedCommon, passwordScore, passwordStrength } from '../../../lib/passwordStrength';

const LABELS = { weak: 'Weak', medium: 'Medium', strong: 'Strong' } as const;

/** What the meter says while the password is empty. */
const STRENGTH_HINT = 'Strength shows as you type';
/** The bar's most for a listed password: inside the weak range. */
const COMMON_SCORE = 20;

/** The common-password list, once the first character is typed (null until it has loaded). */
function useCommonPasswords(wanted: boolean): ReadonlySet<string> | null {
  const [list, setList] = useState(commonPasswords);
  useEffect(() => {
    if (!wanted || list) return;
    let live = true;
    loadCommonPasswords().then(
      (l) => live && setList(l),
      () => undefined, // Without the list the meter still scores; the server refuses listed passwords anyway.
    );
    return () => {
      live = false;
    };
  }, [wanted, list]);
  return list;
}

export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const common = useCommonPasswords(password !== '');
  const listed = password !== '' && isListedCommon(password, common);
  const level = password ? passwordStrength(password, common) : 'empty';
  const score = Math.min(listed ? COMMON_SCORE : 100, passwordScore(password));
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
        {level === 'empty'
          ? STRENGTH_HINT
          : `Password strength: ${LABELS[level]}${listed ? ' (a commonly used password)' : ''}`}
      </span>
    </div>
  );
}
