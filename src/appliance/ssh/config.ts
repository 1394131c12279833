/**
 * The SSH service's saved configuration and the sshd_config it renders to. Key exchange, cipher and MAC lists are
 * chosen from a known-good set (modern OpenSSH defaults without SHA-1, CBC or small groups); host keys and
 * authorised keys live in the data directory, so `sshd -t -f` can check the file as it will be used.
 */
import path from 'node:path';
import { isIp } from '../../lib/validation/validators';
import type { Db } from '../../storage/sqlite';
import { fieldError, readList, replaceList, type ListSpec, type Stored } from '../apply/collections';
import type { ErrorItem } from '../http/errors';
import { HOST_KEY_TYPES, hostKeyPath, parsePublicKey } from './keys';
import { isIpv6 } from '../../lib/validation/validators';

export const SSH_LISTS_TABLE = 'ssh_lists';

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

export interface SshSettings {
  enabled: boolean;
  port: number;
  /** Addresses sshd listens on; empty = every address. */
  listen_addresses: string[];
  password_authentication: boolean;
  permit_root_login: (typeof ROOT_LOGIN)[number];
  allow_groups: string[];
  kex_algorithms: string[];
  ciphers: string[];
  macs: string[];
}

export interface AuthorizedKey extends Record<string, unknown> {
  username: string;
  type: string;
  key: string;
  comment: string;
  options: string;
  bits: number;
  fingerprint: string;
}

export interface SshSnapshot {
  settings: SshSettings;
  authorized_keys: Array<Stored<AuthorizedKey>>;
}

export const DEFAULT_SSH_SETTINGS: SshSettings = {
  enabled: true,
  port: 22,
  listen_addresses: [],
  password_authentication: true,
  permit_root_login: 'no',
  allow_groups: [],
  kex_algorithms: ['sntrup761x25519-sha512@openssh.com', 'curve25519-sha256', 'curve25519-sha256@libssh.org'],
  ciphers: ['chacha20-poly1305@openssh.com', 'aes256-gcm@openssh.com', 'aes128-gcm@openssh.com'],
  macs: ['hmac-sha2-256-etm@openssh.com', 'hmac-sha2-512-etm@openssh.com'],
};

/** POSIX user and group names (as shadow-utils accepts them by default). */
export const POSIX_NAME = '^[a-z_][a-z0-9_-]{0,31}$';

const algorithmList = (allowed: readonly string[]) => ({
  type: 'array',
  minItems: 1,
  maxItems: allowed.length,
  uniqueItems: true,
  items: { type: 'string', enum: [...allowed] },
});

export const sshSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(DEFAULT_SSH_SETTINGS),
  properties: {
    enabled: { type: 'boolean' },
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    listen_addresses: { type: 'array', maxItems: 16, items: { type: 'string', maxLength: 45 } },
    password_authentication: { type: 'boolean' },
    permit_root_login: { type: 'string', enum: [...ROOT_LOGIN] },
    allow_groups: {
      type: 'array',
      maxItems: 32,
      uniqueItems: true,
      items: { type: 'string', maxLength: 32, pattern: POSIX_NAME },
    },
    kex_algorithms: algorithmList(KNOWN_GOOD.kex),
    ciphers: algorithmList(KNOWN_GOOD.ciphers),
    macs: algorithmList(KNOWN_GOOD.macs),
  },
} as const;

export function checkSshSettings(s: SshSettings): ErrorItem[] {
  const errors: ErrorItem[] = [];
  s.listen_addresses.forEach((a, i) => {
    if (!isIp(a) && !isIpv6(a))
      errors.push({
        loc: ['body', 'listen_addresses', i],
        msg: 'value is not a valid IP address',
        type: 'value_error.ip',
      });
    else if (s.listen_addresses.indexOf(a) !== i)
      errors.push({
        loc: ['body', 'listen_addresses', i],
        msg: 'address listed twice',
        type: 'value_error.duplicate',
      });
  });
  return errors;
}

export function readSshSettings(db: Db): SshSettings {
  const row = db.prepare('SELECT data FROM ssh_settings WHERE id = 1').get() as { data: string } | undefined;
  return row
    ? { ...DEFAULT_SSH_SETTINGS, ...(JSON.parse(row.data) as Partial<SshSettings>) }
    : DEFAULT_SSH_SETTINGS;
}

export function writeSshSettings(db: Db, s: SshSettings, now: number): void {
  db.prepare(
    `INSERT INTO ssh_settings (id, data, updated_at) VALUES (1, ?, ?)
     ON CONFLICT(id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  ).run(JSON.stringify(s), now);
}

/** The body of an authorised key: whose it is and the line as `ssh-keygen` or a key file has it. */
export const authorizedKeyList: ListSpec<AuthorizedKey> = {
  table: SSH_LISTS_TABLE,
  list: 'authorized_keys',
  path: '/ssh/config/authorized_keys',
  auditService: 'ssh',
  schema: {
    type: 'object',
    required: ['username', 'key'],
    properties: {
      username: { type: 'string', maxLength: 32, pattern: POSIX_NAME },
      key: { type: 'string', minLength: 1, maxLength: 16384 },
    },
  },
  describe: (k) => `authorised key ${k.fingerprint} of "${k.username}"`,
  check: (body, others) => {
    const parsed = parsePublicKey(String(body.key));
    if (!parsed.ok) {
      const { msg, type, ctx } = parsed.problem;
      return { errors: [{ ...fieldError('key', msg, type), ...(ctx ? { ctx } : {}) }] };
    }
    const k = parsed.key;
    if (others.some((o) => o.username === body.username && o.fingerprint === k.fingerprint))
      return {
        errors: [fieldError('key', 'this key is already authorised for this user', 'value_error.duplicate')],
      };
    return { item: { username: body.username, ...k } };
  },
};

export function readSshSnapshot(db: Db): SshSnapshot {
  return {
    settings: readSshSettings(db),
    authorized_keys: readList<AuthorizedKey>(db, SSH_LISTS_TABLE, 'authorized_keys'),
  };
}

export function restoreSshSnapshot(db: Db, s: SshSnapshot, now: number): void {
  writeSshSettings(db, s.settings, now);
  replaceList(db, SSH_LISTS_TABLE, 'authorized_keys', s.authorized_keys);
}

export const sshDir = (dataDir: string) => path.resolve(dataDir, 'etc', 'ssh');
export const sshdConfigPath = (dataDir: string) => path.join(sshDir(dataDir), 'sshd_config');
export const authorizedKeysDir = (dataDir: string) => path.join(sshDir(dataDir), 'authorized_keys');

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

export function renderSshdConfig(s: SshSnapshot, dataDir: string): string {
  const dir = sshDir(dataDir);
  const { settings } = s;
  const lines = [
    '# Generated by Rampart from the SSH settings; applying the SSH configuration rewrites this file.',
  ];
  if (!settings.enabled) lines.push('# The SSH service is turned off: it is not started with this file.');
  lines.push(`Port ${settings.port}`);
  for (const a of settings.listen_addresses) lines.push(`ListenAddress ${isIpv6(a) ? `[${a}]` : a}`);
  for (const t of HOST_KEY_TYPES) lines.push(`HostKey ${hostKeyPath(dir, t)}`);
  lines.push(
    `PidFile ${path.join(dir, 'sshd.pid')}`,
    `AuthorizedKeysFile ${path.join(authorizedKeysDir(dataDir), '%u')}`,
    'PubkeyAuthentication yes',
    `PasswordAuthentication ${yesNo(settings.password_authentication)}`,
    'KbdInteractiveAuthentication no',
    // Password logins go through PAM, whose generated stanza (pam.ts) asks the appliance: the accounts of the SSH
    // service's providers (local ones included) live in the appliance, not in the host's password files.
    `UsePAM ${yesNo(settings.password_authentication)}`,
    'PermitEmptyPasswords no',
    `PermitRootLogin ${settings.permit_root_login}`,
  );
  if (settings.allow_groups.length) lines.push(`AllowGroups ${settings.allow_groups.join(' ')}`);
  lines.push(
    `KexAlgorithms ${settings.kex_algorithms.join(',')}`,
    `Ciphers ${settings.ciphers.join(',')}`,
    `MACs ${settings.macs.join(',')}`,
    'X11Forwarding no',
    'Subsystem sftp internal-sftp',
  );
  return `${lines.join('\n')}\n`;
}

/** One authorized_keys file per user, as sshd reads them. */
export function renderAuthorizedKeys(
  s: SshSnapshot,
  dataDir: string,
): Array<{ path: string; content: string }> {
  const byUser = new Map<string, string[]>();
  for (const k of s.authorized_keys) {
    const line = [k.options, k.type, k.key, k.comment].filter(Boolean).join(' ');
    byUser.set(k.username, [...(byUser.get(k.username) ?? []), line]);
  }
  return [...byUser.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([user, keys]) => ({
      path: path.join(authorizedKeysDir(dataDir), user),
      content: `${keys.join('\n')}\n`,
    }));
}
