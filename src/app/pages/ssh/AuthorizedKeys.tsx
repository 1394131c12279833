/** Per-user authorised keys: paste a public key line (options, type, key, comment) as a key file holds it. */
import { object } from 'yup';
import { TextArea } from '../../../widgets/TextArea';
import { useField, useFormikContext } from 'formik';
import { useServerFieldError } from '../../../store/useResource';
import { checkKey } from '../../../shared/keyPolicy';
import { ListSection } from '../common/config/ListSection';
import { FieldError, TextField } from '../common/config/fields';
import { SSH_CONFIG_KEY, SSH_PREVIEW_KEY } from './resources';
import * as ssh from '../../../shared/contracts/ssh';
import type { AuthorizedKey } from '../../../shared/contracts/ssh';
import { fieldSchemaOf } from '../../forms/contractRules';

interface Values {
  username: string;
  key: string;
}

const KEY_LINE =
  /^(\S.*\s)?(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com)\s+[A-Za-z0-9+/]+={0,2}(\s.*)?$/;

/** The key policy's own words for a DSA key, which the server refuses whatever its size. */
const dsa = checkKey({ kind: 'dsa' });
const DSA_REFUSED = dsa.ok ? '' : `${dsa.msg[0].toUpperCase()}${dsa.msg.slice(1)}.`;

export const authorizedKeySchema = object({
  // The name's pattern and the key's length come from the endpoint's body schema.
  username: fieldSchemaOf(ssh.AuthorizedKeyBody, 'username', 'User name', {
    pattern: 'User names are lower-case letters, digits, _ and -.',
  }).required('This field is required.'),
  key: fieldSchemaOf(ssh.AuthorizedKeyBody, 'key', 'The key line')
    .required('This field is required.')
    .test(
      'line',
      'Paste one public key line (e.g. the contents of id_ed25519.pub).',
      (v) => !/[\r\n]/.test((v ?? '').trim()),
    )
    .test('dsa', DSA_REFUSED, (v) => !/(^|\s)ssh-dss\s/.test(v ?? ''))
    .matches(KEY_LINE, 'This does not look like an OpenSSH public key.'),
});

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
      schema={authorizedKeySchema}
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
