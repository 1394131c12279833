/** The authorised-key form refuses what the key policy refuses by name, in the policy's words, before sending. */
import { authorizedKeySchema } from '../../../../src/app/pages/ssh/authorizedKeyRules';

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl me@laptop';

const rows: Array<[string, string, RegExp | null]> = [
  ['an Ed25519 line', ED25519, null],
  [
    'a DSA line',
    'ssh-dss AAAAB3NzaC1kc3MAAACBAP me@old',
    /^DSA keys are refused.*RSA of at least 2048 bits\.$/,
  ],
  ['a DSA line with options', 'no-pty ssh-dss AAAAB3NzaC1kc3MAAACBAP me@old', /^DSA keys are refused/],
  ['an unknown type', 'ssh-foo AAAA me', /^This does not look like an OpenSSH public key\.$/],
];

it.each(rows)('%s', async (_label, key, error) => {
  const check = authorizedKeySchema.validateAt('key', { username: 'alice', key });
  if (error) await expect(check).rejects.toThrow(error);
  else await expect(check).resolves.toBe(key);
});
