/** Per-user authorised keys: paste a public key line (options, type, key, comment) as a key file holds it. */
import { TextArea } from '../../../widgets/TextArea';
import { useField, useFormikContext } from 'formik';
import { useServerFieldError } from '../../../store/useResource';
import { ListSection } from '../common/config/ListSection';
import { FieldError, TextField } from '../common/config/fields';
import { SSH_CONFIG_KEY, SSH_PREVIEW_KEY } from './resources';
import * as ssh from '../../../shared/contracts/ssh';
import type { AuthorizedKey } from '../../../shared/contracts/ssh';
import { rulesModule } from '../../forms/lazyRules';

interface Values {
  username: string;
  key: string;
}

// The key dialog's Yup rules come with it (lazyRules.ts).
const authorizedKeyRules = rulesModule(() =>
  import('./authorizedKeyRules').then((m) => m.authorizedKeySchema),
);

function KeyField() {
  const [field, meta, helpers] = useField<string>('key');
  const { submitCount } = useFormikContext();
  const server = useServerFieldError('key');
  const error = server ?? (submitCount > 0 ? meta.error : undefined);
  return (
    <div className="config-field">
      <TextArea
        label="Public key"
        name="key"
        value={field.value}
        onChange={(v) => void helpers.setValue(v)}
        required
        rows={4}
        placeholder="ssh-ed25519 AAAA… user@host"
      />
      {error ? <FieldError message={error} /> : null}
    </div>
  );
}

export function AuthorizedKeys({ keys }: { keys: AuthorizedKey[] }) {
  return (
    <ListSection<AuthorizedKey, Values>
      resourceKey={SSH_CONFIG_KEY}
      refresh={[SSH_PREVIEW_KEY]}
      title="Authorised keys"
      itemName="authorised key"
      description="Public keys that may log in as a user, with optional OpenSSH options (e.g. from=…, no-pty)."
      endpoints={ssh.authorizedKeys}
      items={keys}
      emptyMessage="No authorised keys."
      columns={[
        { title: 'User', value: (k) => k.username },
        { title: 'Type', value: (k) => `${k.type} (${k.bits} bits)` },
        { title: 'Fingerprint', value: (k) => k.fingerprint },
        { title: 'Comment', value: (k) => k.comment || '—' },
        { title: 'Options', value: (k) => k.options || '—' },
      ]}
      newValues={{ username: 'admin', key: '' }}
      toBody={(v) => ({ username: v.username, key: v.key.trim() })}
      rules={authorizedKeyRules}
      describe={(k) => `key ${k.comment || k.fingerprint} of ${k.username}`}
      renderFields={() => (
        <>
          <TextField name="username" label="User" required />
          <KeyField />
        </>
      )}
    />
  );
}
