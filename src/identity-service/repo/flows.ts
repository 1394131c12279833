/** Self-service flows and their pruning. */
import type { Db } from '../../storage/sqlite';
import { type FlowRecord, type FlowRow, toFlow } from './records';

export class FlowTable {
  constructor(readonly db: Db) {}

  insertFlow(flow: FlowRecord): void {
    this.db
      .prepare(
        `INSERT INTO flows (id, kind, type, state, identity_id, csrf_token, request_url, return_to, issued_at, expires_at, data)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        flow.id,
        flow.kind,
        flow.type,
        flow.state,
        flow.identityId,
        flow.csrfToken,
        flow.requestUrl,
        flow.returnTo,
        flow.issuedAt,
        flow.expiresAt,
        JSON.stringify(flow.data),
      );
  }

  getFlow(id: string): FlowRecord | null {
    const row = this.db.prepare('SELECT * FROM flows WHERE id = ?').get(id) as FlowRow | undefined;
    return row ? toFlow(row) : null;
  }

  saveFlow(flow: FlowRecord): void {
    this.db
      .prepare('UPDATE flows SET state = ?, identity_id = ?, data = ? WHERE id = ?')
      .run(flow.state, flow.identityId, JSON.stringify(flow.data), flow.id);
  }

  /** Flows and sessions expired for more than a day are of no use, not even for the "expired" answer. */
  pruneFlows(now: number): void {
    this.db.prepare('DELETE FROM flows WHERE expires_at < ?').run(now - 24 * 3600 * 1000);
    this.db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(now - 24 * 3600 * 1000);
  }
}
