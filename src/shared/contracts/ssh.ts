/**
 * The SSH area's endpoints (src/appliance/ssh): settings, authorised keys, host keys, the preview and Apply, and the
 * appliance shell's password. Changes need a recent sign-in (the routes declare `reauth`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { LOCAL_PASSWORD_MIN_LENGTH } from '../../lib/passwordStrength';
import { ApplyStatus, ConfigPreview, JobProgress, listEndpoints } from './apply';
import { endpoint } from './endpoint';
import { nullable, stringEnum } from './fields';

/** Key exchange, ciphers and MACs offered: modern OpenSSH defaults without SHA-1, CBC or small groups. */
export const KNOWN_GOOD = {
  kex: [
    'sntrup761x25519-sha512@openssh.com',
    'curve25519-sha256',
    'curve25519-sha256@libssh.org',
    'diffie-hellman-group16-sha512',
    'diffie-hellman-group18-sha512',
    'diffie-hellman-group-exchange-sha256',
  ],
  ciphers: [
    'chacha20-poly1305@openssh.com',
    'aes256-gcm@openssh.com',
    'aes128-gcm@openssh.com',
    'aes256-ctr',
    'aes192-ctr',
    'aes128-ctr',
  ],
  macs: [
    'hmac-sha2-256-etm@openssh.com',
    'hmac-sha2-512-etm@openssh.com',
    'umac-128-etm@openssh.com',
    'hmac-sha2-256',
    'hmac-sha2-512',
  ],
} as const;

export const ROOT_LOGIN = ['no', 'prohibit-password', 'yes'] as const;

/** POSIX user and group names (as shadow-utils accepts them by default). */
export const POSIX_NAME = '^[a-z_][a-z0-9_-]{0,31}$';

/** The shell password's length bounds (the console's local password rules). */
export const SHELL_PASSWORD_MIN_LENGTH = LOCAL_PASSWORD_MIN_LENGTH;
export const SHELL_PASSWORD_MAX_LENGTH = 256;

const algorithms = (allowed: readonly string[], what: string) =>
  Type.Array(stringEnum(allowed), {
    minItems: 1,
    maxItems: allowed.length,
    uniqueItems: true,
    description: `${what}, in order of preference.`,
  });

export const SshSettings = Type.Object(
  {
    enabled: Type.Boolean({ description: 'The SSH service runs.' }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    listen_addresses: Type.Array(Type.String({ maxLength: 45, format: 'ip-address' }), {
      maxItems: 16,
      description: 'Addresses sshd listens on (IPv4 or IPv6); empty: every address.',
    }),
    password_authentication: Type.Boolean({
      description: 'Passwords are accepted (through PAM), beside keys.',
    }),
    permit_root_login: stringEnum(ROOT_LOGIN),
    allow_groups: Type.Array(Type.String({ maxLength: 32, pattern: POSIX_NAME }), {
      maxItems: 32,
      uniqueItems: true,
      description: 'Only members of these groups may sign in (empty: anyone).',
    }),
    kex_algorithms: algorithms(KNOWN_GOOD.kex, 'Key exchange algorithms'),
    ciphers: algorithms(KNOWN_GOOD.ciphers, 'Ciphers'),
    macs: algorithms(KNOWN_GOOD.macs, 'Message authentication codes'),
  },
  { additionalProperties: false },
);
export type SshSettings = Static<typeof SshSettings>;

export const AuthorizedKeyBody = Type.Object(
  {
    username: Type.String({ maxLength: 32, pattern: POSIX_NAME, description: 'Whose key it is.' }),
    key: Type.String({
      minLength: 1,
      maxLength: 16384,
      description: 'The public key line, as ssh-keygen or a key file has it (options and comment kept).',
    }),
  },
  { additionalProperties: false },
);

export const AuthorizedKey = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  username: Type.String(),
  type: Type.String({ description: 'The key type, e.g. ssh-ed25519.' }),
  key: Type.String({ description: 'The base64 key.' }),
  comment: Type.String(),
  options: Type.String(),
  bits: Type.Integer(),
  fingerprint: Type.String({ description: 'SHA256 fingerprint.' }),
});
export type AuthorizedKey = Static<typeof AuthorizedKey>;

export const HostKey = Type.Object({
  type: Type.String(),
  bits: Type.Integer(),
  fingerprint: Type.String(),
  line: Type.String({ description: 'The public key line (for known_hosts).' }),
});
export type HostKey = Static<typeof HostKey>;

export const SshConfig = Type.Object({
  settings: SshSettings,
  authorized_keys: Type.Array(AuthorizedKey),
  host_keys: Type.Array(HostKey),
  algorithms: Type.Object({
    kex: Type.Array(Type.String()),
    ciphers: Type.Array(Type.String()),
    macs: Type.Array(Type.String()),
  }),
  status: ApplyStatus,
});
export type SshConfig = Static<typeof SshConfig>;

export const ShellPassword = Type.Object({
  username: Type.String({ description: 'The appliance shell’s account.' }),
  changed_at: nullable(Type.Integer()),
  changed_by: nullable(Type.String()),
});
export type ShellPassword = Static<typeof ShellPassword>;

export const ShellPasswordChange = Type.Object(
  {
    current_password: Type.String({
      minLength: 1,
      maxLength: SHELL_PASSWORD_MAX_LENGTH,
      description: 'The signed-in admin’s own console password.',
    }),
    new_password: Type.String({ minLength: SHELL_PASSWORD_MIN_LENGTH, maxLength: SHELL_PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);

export const getConfig = endpoint({
  method: 'GET',
  path: 'ssh/config',
  response: SshConfig,
  summary: 'The SSH settings, authorised keys and host keys',
});

export const putSettings = endpoint({
  method: 'PUT',
  path: 'ssh/config/settings',
  body: SshSettings,
  response: SshSettings,
  summary: 'Change the SSH settings',
});

export const authorizedKeys = listEndpoints(
  'ssh/config/authorized_keys',
  'an authorised key',
  AuthorizedKeyBody,
  AuthorizedKey,
);

export const getPreview = endpoint({
  method: 'GET',
  path: 'ssh/config/preview',
  response: ConfigPreview,
  summary: 'The sshd_config Apply would write',
});

export const apply = endpoint({
  method: 'POST',
  path: 'ssh/config/apply',
  response: JobProgress,
  status: 202,
  summary: 'Apply the saved SSH configuration (a job; some changes wait for a confirmation)',
});

export const getShellPassword = endpoint({
  method: 'GET',
  path: 'ssh/password',
  response: ShellPassword,
  summary: 'When the shell password was last changed',
});

export const putShellPassword = endpoint({
  method: 'PUT',
  path: 'ssh/password',
  body: ShellPasswordChange,
  response: ShellPassword,
  summary: 'Change the appliance shell’s password',
});
