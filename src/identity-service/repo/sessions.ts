/** Sessions: created, found by token hash or logout token, re-authenticated, revoked. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../storage/sqlite';
import { type Aal, type AuthMethod, type SessionRecord, type SessionRow, toSession } from './records';

export class SessionTable {
  constructor(readonly db: Db) {}

  createSession(
    s: Omit<SessionRecord, 'id' | 'active'>,
    tokenHash: string,
    logoutToken: string,
  ): SessionRecord {
    const id = randomUUID();
    this.db
      .prepare(
        `INSERT INTO sessions (id, token_hash, logout_token, identity_id, aal, methods, authenticated_at, issued_at, expires_at, last_seen_at, active, ip_address, user_agent)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
      )
      .run(
        id,
        tokenHash,
        logoutToken,
        s.identityId,
        s.aal,
        JSON.stringify(s.methods),
        s.authenticatedAt,
        s.issuedAt,
        s.expiresAt,
        s.lastSeenAt,
        s.ipAddress,
        s.userAgent,
      );
    return { ...s, id, active: true };
  }

  sessionByTokenHash(tokenHash: string): SessionRecord | null {
    const row = this.db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get(tokenHash) as
      SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  sessionByLogoutToken(token: string): SessionRecord | null {
    const row = this.db.prepare('SELECT * FROM sessions WHERE logout_token = ? AND active = 1').get(token) as
      SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  logoutToken(sessionId: string): string | null {
    const row = this.db.prepare('SELECT logout_token FROM sessions WHERE id = ?').get(sessionId) as
      { logout_token: string } | undefined;
    return row?.logout_token ?? null;
  }

  updateSessionAuth(id: string, aal: Aal, methods: AuthMethod[], authenticatedAt: number): void {
    this.db
      .prepare('UPDATE sessions SET aal = ?, methods = ?, authenticated_at = ? WHERE id = ?')
      .run(aal, JSON.stringify(methods), authenticatedAt, id);
  }

  /** The owner made a request: the idle timeout starts again. */
  touchSession(id: string, at: number): void {
    this.db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?').run(at, id);
  }

  revokeSession(id: string): void {
    this.db.prepare('UPDATE sessions SET active = 0 WHERE id = ?').run(id);
  }

  revokeOtherSessions(identityId: string, keepId: string): void {
    this.db
      .prepare('UPDATE sessions SET active = 0 WHERE identity_id = ? AND id != ?')
      .run(identityId, keepId);
  }
}
