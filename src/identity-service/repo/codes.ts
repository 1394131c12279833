/** One-time codes of recovery, verification and login flows. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../storage/sqlite';

export class CodeTable {
  constructor(readonly db: Db) {}

  /** Stores a new code for the flow and retires the flow's earlier codes (a resend replaces the code). */
  insertCode(
    flowId: string,
    kind: string,
    address: string,
    identityId: string | null,
    codeHash: string,
    expiresAt: number,
    now: number,
  ): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE codes SET used_at = ? WHERE flow_id = ? AND used_at IS NULL').run(now, flowId);
      this.db
        .prepare(
          'INSERT INTO codes (id, flow_id, kind, address, identity_id, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(randomUUID(), flowId, kind, address.toLowerCase(), identityId, codeHash, expiresAt, now);
    })();
  }

  /** Uses the flow's live code with this hash, once. */
  consumeCode(
    flowId: string,
    codeHash: string,
    now: number,
  ): { address: string; identityId: string | null } | null {
    const row = this.db
      .prepare(
        'SELECT id, address, identity_id FROM codes WHERE flow_id = ? AND code_hash = ? AND used_at IS NULL AND expires_at > ?',
      )
      .get(flowId, codeHash, now) as { id: string; address: string; identity_id: string | null } | undefined;
    if (!row) return null;
    const res = this.db
      .prepare('UPDATE codes SET used_at = ? WHERE id = ? AND used_at IS NULL')
      .run(now, row.id);
    if (res.changes !== 1) return null;
    return { address: row.address, identityId: row.identity_id };
  }

  retireCodes(flowId: string, now: number): void {
    this.db.prepare('UPDATE codes SET used_at = ? WHERE flow_id = ? AND used_at IS NULL').run(now, flowId);
  }
}
