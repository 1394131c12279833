/** Credentials: the password hash, and the second factors stored as checked config (storedCredentials.ts). */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../storage/sqlite';
import { readCredentialConfig } from '../storedCredentials';

export class CredentialTable {
  constructor(readonly db: Db) {}

  findPasswordCredential(identifier: string): { identityId: string; hash: string } | null {
    const row = this.db
      .prepare("SELECT identity_id, config FROM credentials WHERE type = 'password' AND identifier = ?")
      .get(identifier.toLowerCase()) as { identity_id: string; config: string } | undefined;
    if (!row) return null;
    const config = readCredentialConfig(row.identity_id, 'password', row.config);
    return { identityId: row.identity_id, hash: config.hashed_password as string };
  }

  /** The credential's config, checked for the shape of its type (CorruptCredentialError when it is not). */
  getCredential<T>(identityId: string, type: string): T | null {
    const row = this.db
      .prepare('SELECT config FROM credentials WHERE identity_id = ? AND type = ?')
      .get(identityId, type) as { config: string } | undefined;
    return row ? (readCredentialConfig(identityId, type, row.config) as T) : null;
  }

  setCredential(identityId: string, type: string, config: unknown, now: number): void {
    this.db
      .prepare(
        `INSERT INTO credentials (id, identity_id, type, identifier, config, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?, ?)
         ON CONFLICT (identity_id, type) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
      )
      .run(randomUUID(), identityId, type, JSON.stringify(config), now, now);
  }

  deleteCredential(identityId: string, type: string): void {
    this.db.prepare('DELETE FROM credentials WHERE identity_id = ? AND type = ?').run(identityId, type);
  }

  /**
   * Sets the account's password; an account that had none (made by a sign-in through a provider) gets a password
   * credential named by its e-mail address.
   */
  setPasswordHash(identityId: string, hash: string, now: number): void {
    const row = this.db.prepare('SELECT traits FROM identities WHERE id = ?').get(identityId) as
      { traits: string } | undefined;
    if (!row) return;
    const email = String((JSON.parse(row.traits) as { email?: unknown }).email ?? '').toLowerCase();
    this.db
      .prepare(
        `INSERT INTO credentials (id, identity_id, type, identifier, config, created_at, updated_at)
           VALUES (?, ?, 'password', ?, ?, ?, ?)
         ON CONFLICT (identity_id, type) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
      )
      .run(randomUUID(), identityId, email, JSON.stringify({ hashed_password: hash }), now, now);
  }

  /** The identity linked to a provider's user (`<provider>:<subject>`, credential type `oidc`). */
  findOidcIdentity(provider: string, subject: string): string | null {
    const row = this.db
      .prepare("SELECT identity_id FROM credential_identifiers WHERE type = 'oidc' AND identifier = ?")
      .get(`${provider}:${subject}`) as { identity_id: string } | undefined;
    return row?.identity_id ?? null;
  }

  /** Links a provider's user to the identity: one more entry of its `oidc` credential and its identifier. */
  linkOidc(identityId: string, provider: string, subject: string, now: number): void {
    this.db.transaction(() => {
      const current = this.getCredential<OidcCredential>(identityId, 'oidc');
      const providers = (current?.providers ?? []).filter((p) => p.provider !== provider);
      providers.push({ provider, subject });
      this.setCredential(identityId, 'oidc', { providers }, now);
      const prefix = `${provider}:`;
      this.db
        .prepare(
          "DELETE FROM credential_identifiers WHERE type = 'oidc' AND identity_id = ? AND substr(identifier, 1, ?) = ?",
        )
        .run(identityId, prefix.length, prefix);
      this.db
        .prepare(
          "INSERT INTO credential_identifiers (type, identifier, identity_id, created_at) VALUES ('oidc', ?, ?, ?)",
        )
        .run(`${provider}:${subject}`, identityId, now);
    })();
  }

  /** Removes the link of `provider` from the identity (and the `oidc` credential when it was the last). */
  unlinkOidc(identityId: string, provider: string, now: number): void {
    this.db.transaction(() => {
      const current = this.getCredential<OidcCredential>(identityId, 'oidc');
      const providers = (current?.providers ?? []).filter((p) => p.provider !== provider);
      if (providers.length > 0) this.setCredential(identityId, 'oidc', { providers }, now);
      else this.deleteCredential(identityId, 'oidc');
      const prefix = `${provider}:`;
      this.db
        .prepare(
          "DELETE FROM credential_identifiers WHERE type = 'oidc' AND identity_id = ? AND substr(identifier, 1, ?) = ?",
        )
        .run(identityId, prefix.length, prefix);
    })();
  }
}

export interface OidcCredential {
  providers: Array<{ provider: string; subject: string }>;
}
