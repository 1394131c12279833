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

  setPasswordHash(identityId: string, hash: string, now: number): void {
    this.db
      .prepare(
        "UPDATE credentials SET config = ?, updated_at = ? WHERE identity_id = ? AND type = 'password'",
      )
      .run(JSON.stringify({ hashed_password: hash }), now, identityId);
  }
}
