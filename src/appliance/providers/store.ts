/**
 * Stored identity providers. Settings are JSON; the one secret of a provider (LDAP bind password, OIDC client
 * secret) is sealed with AES-256-GCM under a key derived from the appliance secret (`pki-secret.key`, its own HKDF
 * label) and bound to the provider's id, and is never part of a view: views say only whether it is set. It is also
 * bound to the settings it was saved with that say where it goes (`secret_binding`, src/shared/secretBinding.ts):
 * `providerSecret` hands it out only while the provider's settings still match them.
 */
import type { LdapSettings, OidcSettings, Provider, ProviderType } from '../../shared/authentication';
import type { Db } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import { offered } from '../offers';
import {
  bindingChange,
  bindingText,
  ldapSecretBinding,
  oidcSecretBinding,
  type SecretBinding,
} from '../../shared/secretBinding';
import { deriveKey, loadApplianceSecret, seal, unseal, type SealedColumn } from '../secrets';

export interface ProviderRow {
  id: number;
  name: string;
  type: ProviderType;
  enabled: boolean;
  ldap?: LdapSettings;
  oidc?: OidcSettings;
  /** Decrypted only on demand (`providerSecret`). */
  has_secret: boolean;
  created_at: number;
  updated_at: number;
}

interface RawRow {
  id: number;
  name: string;
  type: ProviderType;
  enabled: number;
  settings: string;
  secret: Buffer | null;
  secret_binding: string | null;
  created_at: number;
  updated_at: number;
}

export const LOCAL_PROVIDER_ID = 1;

/** A provider's one secret, sealed bound to its id (backups re-seal it from another appliance's archive). */
export const PROVIDER_SECRET_SEALED: SealedColumn = {
  table: 'auth_providers',
  column: 'secret',
  id: 'id',
  info: 'rampart identity provider secrets v1',
  aad: (id) => `provider:${String(id)}`,
};
const keys = new WeakMap<Db, Buffer>();

/** The sealing key of provider secrets (derived once per database from the data directory's appliance secret). */
export function providerKey(db: Db, dataDir: string): Buffer {
  let key = keys.get(db);
  if (!key) {
    const secret = loadApplianceSecret(dataDir);
    key = deriveKey(secret, PROVIDER_SECRET_SEALED.info);
    keys.set(db, key);
  }
  return key;
}

const aad = PROVIDER_SECRET_SEALED.aad;

export const sealSecret = (key: Buffer, id: number, secret: string): Buffer =>
  seal(key, aad(id), Buffer.from(secret, 'utf8'));

/** What a provider's secret is bound to, for its settings (null for the local provider, which has none). */
export function secretBindingOf(
  type: ProviderType,
  settings: LdapSettings | OidcSettings | undefined,
): SecretBinding | null {
  if (type === 'ldap' && settings) return ldapSecretBinding(settings as LdapSettings);
  if (type === 'oidc' && settings) return oidcSecretBinding(settings as OidcSettings);
  return null;
}

/** Stores a typed secret with what it is bound to (the settings it is saved with); part of the caller's transaction. */
export function storeSecret(db: Db, key: Buffer, id: number, secret: string, binding: SecretBinding): void {
  db.prepare('UPDATE auth_providers SET secret = ?, secret_binding = ? WHERE id = ?').run(
    sealSecret(key, id, secret),
    bindingText(binding),
    id,
  );
}

/** Drops a stored secret that new settings no longer send anywhere (e.g. a directory now searched anonymously). */
export function forgetSecret(db: Db, id: number): void {
  db.prepare('UPDATE auth_providers SET secret = NULL, secret_binding = NULL WHERE id = ?').run(id);
}

/** A provider's stored fields (its secret is stored apart, `storeSecret`). */
export interface ProviderFields {
  name: string;
  enabled: boolean;
  settings: LdapSettings | OidcSettings;
}

/** Adds a provider (with the id it had, when a document or a revert brings it back); answers its id. */
export function insertProvider(
  db: Db,
  type: 'ldap' | 'oidc',
  fields: ProviderFields,
  now: number,
  id: number | null = null,
): number {
  const res = db
    .prepare(
      'INSERT INTO auth_providers (id, name, type, enabled, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(id, fields.name, type, fields.enabled ? 1 : 0, JSON.stringify(fields.settings), now, now);
  return Number(res.lastInsertRowid);
}

export function updateProvider(db: Db, id: number, fields: ProviderFields, now: number): void {
  db.prepare(
    'UPDATE auth_providers SET name = ?, enabled = ?, settings = ?, updated_at = ? WHERE id = ?',
  ).run(fields.name, fields.enabled ? 1 : 0, JSON.stringify(fields.settings), now, id);
}

/** Renames a provider only (names are unique: a document swapping two names parks each on a free one first). */
export function renameProvider(db: Db, id: number, name: string): void {
  db.prepare('UPDATE auth_providers SET name = ? WHERE id = ?').run(name, id);
}

/**
 * Deletes a provider; its links and service entries go with it (the database cascades). Answers the accounts it
 * created: they have no password anyone knows, so they have no way in left. Inside the caller's transaction.
 */
export function removeProvider(db: Db, id: number): number[] {
  const created = db
    .prepare('SELECT user_id FROM provider_accounts WHERE provider_id = ? AND managed = 1')
    .all(id) as Array<{ user_id: number }>;
  db.prepare('DELETE FROM auth_providers WHERE id = ?').run(id);
  return created.map((r) => r.user_id);
}

/**
 * Why the stored secret of provider `id` may not be used with `settings`: null when it may (or none is stored),
 * else the reason ("the server address changed").
 */
export function secretRebindReason(
  db: Db,
  id: number,
  type: ProviderType,
  settings: LdapSettings | OidcSettings,
): string | null {
  const r = db.prepare('SELECT secret, secret_binding FROM auth_providers WHERE id = ?').get(id) as
    { secret: Buffer | null; secret_binding: string | null } | undefined;
  const binding = secretBindingOf(type, settings);
  if (!r?.secret || !binding) return null;
  return bindingChange(r.secret_binding, binding);
}

function fromRaw(r: RawRow): ProviderRow {
  const settings = JSON.parse(r.settings) as Record<string, unknown>;
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    enabled: !!r.enabled,
    ...(r.type === 'ldap' ? { ldap: settings as unknown as LdapSettings } : {}),
    ...(r.type === 'oidc' ? { oidc: settings as unknown as OidcSettings } : {}),
    has_secret: !!r.secret,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function listProviders(db: Db): ProviderRow[] {
  return (db.prepare('SELECT * FROM auth_providers ORDER BY id').all() as RawRow[]).map(fromRaw);
}

export function findProvider(db: Db, id: number): ProviderRow | null {
  const r = db.prepare('SELECT * FROM auth_providers WHERE id = ?').get(id) as RawRow | undefined;
  return r ? fromRaw(r) : null;
}

/**
 * The provider's secret in clear, for a check or a sign-in with its stored settings; null when none is stored, or
 * when the stored settings no longer match what the secret was saved with (then it is not sent anywhere).
 */
export function providerSecret(db: Db, key: Buffer, id: number): string | null {
  const r = db.prepare('SELECT * FROM auth_providers WHERE id = ?').get(id) as RawRow | undefined;
  if (!r?.secret) return null;
  const binding = secretBindingOf(r.type, JSON.parse(r.settings) as LdapSettings | OidcSettings);
  if (!binding || bindingChange(r.secret_binding, binding) !== null) return null;
  return unseal(key, aad(id), r.secret).toString('utf8');
}

/** What the API shows: never the secret, only whether one is set (`has_bind_password` / `has_client_secret`). */
export function providerView(p: ProviderRow): Omit<Provider, 'redirect_uri'> {
  const base = { id: p.id, name: p.name, type: p.type, enabled: p.enabled, updated_at: p.updated_at };
  if (p.type === 'ldap' && p.ldap) return { ...base, ldap: { ...p.ldap, has_bind_password: p.has_secret } };
  if (p.type === 'oidc' && p.oidc) return { ...base, oidc: { ...p.oidc, has_client_secret: p.has_secret } };
  return base;
}

/** PEM certificates of the PKI's certificate authorities (all, or one), for TLS trust; empty without a PKI. */
export const pkiCaPems = (ctx: ApplianceContext, caId: string | null): string[] =>
  offered(ctx, 'pkiCaPems')(caId);

export function pkiCaExists(ctx: ApplianceContext, caId: string): boolean {
  return pkiCaPems(ctx, caId).length > 0;
}
