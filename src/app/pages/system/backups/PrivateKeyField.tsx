/** The SFTP private key: pasted, so several lines (OpenSSH or PEM). */
import { useField, useFormikContext } from 'formik';
import { useServerFieldError } from '../../../../store/useResource';
import { TextArea } from '../../../../widgets/TextArea';
import { FieldError } from '../../common/config/fields';

export function PrivateKeyField({ keep, maxLength }: { keep: boolean; maxLength: number }) {
  const [field, meta, helpers] = useField<string>('secret');
  const { submitCount } = useFormikContext();
  const server = useServerFieldError('secret');
  const error = server ?? (submitCount > 0 ? meta.error : undefined);
  return (
    <div className="config-field">
      <TextArea
        label={'Private key' + (keep ? ' (blank: keep the stored one)' : '')}
        name="secret"
        value={field.value ?? ''}
        onChange={(v) => void helpers.setValue(v)}
        rows={6}
        maxLength={maxLength}
        placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
      />
      {error ? <FieldError message={error} /> : null}
    </div>
  );
}
