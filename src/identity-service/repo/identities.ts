/** Identities and their e-mail trait (with the identifier and addresses that follow it). */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../storage/sqlite';
import { type IdentityRecord, type IdentityRow, toIdentity } from './records';

export class IdentityTable {
  constructor(readonly db: Db) {}

  createIdentity(email: string, passwordHash: string, now: number): IdentityRecord {
    const id = randomUUID();
    const value = email.toLowerCase();
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO identities (id, schema_id, state, traits, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(id, 'default', 'active', JSON.stringify({ email }), now, now);
      this.db
        .prepare(
          'INSERT INTO credentials (id, identity_id, type, identifier, config, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          randomUUID(),
          id,
          'password',
          value,
          JSON.stringify({ hashed_password: passwordHash }),
          now,
          now,
        );
      this.db
        .prepare(
          'INSERT INTO verifiable_addresses (id, identity_id, via, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), id, 'email', value, now, now);
      this.db
        .prepare(
          'INSERT INTO recovery_addresses (id, identity_id, via, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), id, 'email', value, now, now);
    })();
    return this.getIdentity(id)!;
  }

  /**
   * An identity made by a first sign-in through a provider: no password, linked to the provider's user, its address
   * verified when the provider vouched for it.
   */
  createOidcIdentity(
    email: string,
    verified: boolean,
    link: { provider: string; subject: string },
    now: number,
  ): IdentityRecord {
    const id = randomUUID();
    const value = email.toLowerCase();
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO identities (id, schema_id, state, traits, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(id, 'default', 'active', JSON.stringify({ email }), now, now);
      this.db
        .prepare(
          'INSERT INTO credentials (id, identity_id, type, identifier, config, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?, ?)',
        )
        .run(randomUUID(), id, 'oidc', JSON.stringify({ providers: [link] }), now, now);
      this.db
        .prepare(
          "INSERT INTO credential_identifiers (type, identifier, identity_id, created_at) VALUES ('oidc', ?, ?, ?)",
        )
        .run(`${link.provider}:${link.subject}`, id, now);
      this.db
        .prepare(
          `INSERT INTO verifiable_addresses (id, identity_id, via, value, verified, status, verified_at, created_at, updated_at)
             VALUES (?, ?, 'email', ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          randomUUID(),
          id,
          value,
          verified ? 1 : 0,
          verified ? 'completed' : 'pending',
          verified ? now : null,
          now,
          now,
        );
      this.db
        .prepare(
          'INSERT INTO recovery_addresses (id, identity_id, via, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), id, 'email', value, now, now);
    })();
    return this.getIdentity(id)!;
  }

  getIdentity(id: string): IdentityRecord | null {
    const row = this.db.prepare('SELECT * FROM identities WHERE id = ?').get(id) as IdentityRow | undefined;
    return row ? toIdentity(row) : null;
  }

  /** Changes the e-mail trait and the addresses and identifier that follow it; the new address starts unverified. */
  updateEmail(identityId: string, email: string, now: number): void {
    const value = email.toLowerCase();
    const identity = this.getIdentity(identityId);
    if (!identity) return;
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE identities SET traits = ?, updated_at = ? WHERE id = ?')
        .run(JSON.stringify({ ...identity.traits, email }), now, identityId);
      if (identity.traits.email.toLowerCase() === value) return;
      this.db
        .prepare(
          "UPDATE credentials SET identifier = ?, updated_at = ? WHERE identity_id = ? AND type = 'password'",
        )
        .run(value, now, identityId);
      this.db.prepare('DELETE FROM verifiable_addresses WHERE identity_id = ?').run(identityId);
      this.db
        .prepare(
          'INSERT INTO verifiable_addresses (id, identity_id, via, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), identityId, 'email', value, now, now);
      this.db
        .prepare('UPDATE recovery_addresses SET value = ?, updated_at = ? WHERE identity_id = ?')
        .run(value, now, identityId);
    })();
  }

  /** Whether another identity has the address: as its password identifier or its e-mail (provider accounts too). */
  emailTaken(email: string, exceptIdentity?: string): boolean {
    const value = email.toLowerCase();
    const rows = this.db
      .prepare(
        `SELECT identity_id FROM credentials WHERE type = 'password' AND identifier = ?
         UNION SELECT identity_id FROM verifiable_addresses WHERE via = 'email' AND value = ?`,
      )
      .all(value, value) as Array<{ identity_id: string }>;
    return rows.some((r) => r.identity_id !== exceptIdentity);
  }
}
