/** Stored flow errors (the `/self-service/errors` answers). */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../storage/sqlite';

export class ErrorTable {
  constructor(readonly db: Db) {}

  insertError(error: unknown, now: number): string {
    const id = randomUUID();
    this.db
      .prepare('INSERT INTO flow_errors (id, error, created_at) VALUES (?, ?, ?)')
      .run(id, JSON.stringify(error), now);
    return id;
  }

  getError(id: string): { id: string; error: unknown; createdAt: number } | null {
    const row = this.db.prepare('SELECT * FROM flow_errors WHERE id = ?').get(id) as
      { id: string; error: string; created_at: number } | undefined;
    return row ? { id: row.id, error: JSON.parse(row.error) as unknown, createdAt: row.created_at } : null;
  }
}
