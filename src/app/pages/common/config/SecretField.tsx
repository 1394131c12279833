/**
 * The field of a stored secret (written, never shown): left empty it keeps the stored one, unless a field the
 * secret is bound to changed (src/shared/secretBinding.ts). The stored secret cannot go with such settings, so the
 * field becomes required and says why, before the appliance would refuse the save. `retypeReason` is the same test
 * for the form's schema.
 */
import { bindingChange, retypeMessage, type SecretBinding } from '../../../../shared/secretBinding';
import { TextField } from './fields';

/**
 * Why the stored secret must be typed again for `next` settings: null when none is stored, one is typed, the
 * settings still match those it was saved with (`stored`, their `bindingText`: a form's values hold it as text, which
 * validation passes on unchanged), or they send no secret at all.
 */
export function retypeReason(
  stored: string | null,
  next: SecretBinding,
  typed: string | undefined,
): string | null {
  if (!stored || typed || !next.usesSecret) return null;
  return bindingChange(stored, next);
}

export function SecretField({
  name,
  label,
  secretName,
  hasStored,
  reason,
  info,
}: {
  name: string;
  label: string;
  /** The secret in words, as in "Type the bind password again: …". */
  secretName: string;
  hasStored: boolean;
  /** From `retypeReason` with the form's values, the secret left out (the hint stays while it is typed). */
  reason: string | null;
  info?: string;
}) {
  return (
    <>
      <TextField
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        required={!!reason}
        info={info}
        placeholder={reason ? 'Type it again' : hasStored ? 'Set (leave empty to keep)' : 'Not set'}
      />
      {reason ? (
        <p className="config-field__hint" role="status">
          {retypeMessage(secretName, reason)}.
        </p>
      ) : null}
    </>
  );
}
