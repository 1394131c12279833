/**
 * The authorised key dialog's rules, loaded with the dialog (lazyRules.ts): the name's pattern and the key's length
 * come from the endpoint's body schema (src/shared/contracts/ssh.ts), the key line's shape and the key policy's
 * refusal of DSA are the dialog's.
 */
import { object } from 'yup';
import { checkKey } from '../../../shared/keyPolicy';
import * as ssh from '../../../shared/contracts/ssh';
import { fieldSchemaOf } from '../../forms/contractRules';

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
