/**
 * The hash-chained audit trail: every audit record (an action of someone or of the appliance) is kept in
 * `audit_chain` with who did it (actor), how (method), from where (address), on what (object) and how it ended
 * (outcome). Each record stores the SHA-256 of the previous record's canonical form (the first one: 64 zeros, the
 * genesis) and its own hash, so an edited record breaks its own hash and a deleted one breaks its successor's link.
 *
 * Deleting the last records leaves a valid but shorter chain: the head file beside the database
 * (`<data dir>/audit-head.json`, `{ seq, hash }`, rewritten atomically shortly after each committed record) says how
 * long the chain was. A verify finding fewer records than the head names, or another hash at the head's place,
 * reports the tail as deleted. Someone able to rewrite both the database and the head file can rebuild a consistent
 * chain: the copy forwarded to a remote collector (each forwarded record carries its `seq` and `hash`) is what
 * proves the appliance's trail against that.
 *
 * The chain is not pruned with the log report's retention: records are small, and a pruned chain would need an
 * anchor to verify from.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrate, type Db } from '../storage/sqlite';
import { writeFileAtomicSync } from '../service-kit/atomicFile';

export const AUDIT_METHODS = ['console', 'token', 'ssh', 'restore', 'system'] as const;
export type AuditMethod = (typeof AUDIT_METHODS)[number];
export type AuditOutcome = 'success' | 'failure';

export const GENESIS_HASH = '0'.repeat(64);
export const AUDIT_HEAD_FILE = 'audit-head.json';

/** What a record says besides its text. */
export interface AuditFields {
  actor: string;
  method: AuditMethod;
  /** The client's address; empty for the appliance's own actions. */
  address: string;
  object: string;
  outcome: AuditOutcome;
}

export interface AuditRecord extends AuditFields {
  seq: number;
  /** Seconds since the epoch. */
  timestamp: number;
  service: string;
  message: string;
  prev_hash: string;
  hash: string;
}

export const auditChainMigrations = [
  {
    version: 1,
    tables: { audit_chain: 'runtime' as const },
    name: 'hash-chained audit records',
    up: (db: Db) => {
      db.exec(`CREATE TABLE audit_chain (
        seq INTEGER PRIMARY KEY,
        timestamp INTEGER NOT NULL,
        service TEXT NOT NULL,
        message TEXT NOT NULL,
        actor TEXT NOT NULL,
        method TEXT NOT NULL,
        address TEXT NOT NULL,
        object TEXT NOT NULL,
        outcome TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );`);
    },
  },
];

/** The canonical form a record's hash is taken of: a JSON array of its fields in a fixed order. */
export function canonicalForm(r: Omit<AuditRecord, 'hash'>): string {
  return JSON.stringify([
    r.seq,
    r.timestamp,
    r.service,
    r.message,
    r.actor,
    r.method,
    r.address,
    r.object,
    r.outcome,
    r.prev_hash,
  ]);
}

export const hashOf = (r: Omit<AuditRecord, 'hash'>): string =>
  crypto.createHash('sha256').update(canonicalForm(r), 'utf8').digest('hex');

export type AuditListener = (record: AuditRecord) => void;

export interface AuditChain {
  /** Appends a record (inside the caller's transaction, if any) and tells the listeners. */
  append(entry: { timestamp: number; service: string; message: string } & AuditFields): AuditRecord;
  subscribe(listener: AuditListener): () => void;
  /** Writes the head file now (it is otherwise written on the next turn of the event loop). */
  flushHead(): void;
}

const lastStmt = 'SELECT seq, hash FROM audit_chain ORDER BY seq DESC LIMIT 1';

/** The chain in `db`; `dataDir` holds the head file (none: no head file, as in tests of the writer alone). */
export function createAuditChain(db: Db, dataDir: string | null): AuditChain {
  migrate(db, 'audit_chain', auditChainMigrations);
  const last = db.prepare(lastStmt);
  const insert = db.prepare(
    `INSERT INTO audit_chain (seq, timestamp, service, message, actor, method, address, object, outcome, prev_hash, hash)
     VALUES (@seq, @timestamp, @service, @message, @actor, @method, @address, @object, @outcome, @prev_hash, @hash)`,
  );
  const listeners = new Set<AuditListener>();
  let headPending = false;

  function flushHead() {
    headPending = false;
    if (!dataDir || !db.open) return;
    // Read after the writer's transaction ended: a record rolled back with its request never reaches the head.
    if (db.inTransaction) {
      scheduleHead();
      return;
    }
    const head = last.get() as { seq: number; hash: string } | undefined;
    if (!head) return;
    const file = path.join(dataDir, AUDIT_HEAD_FILE);
    writeFileAtomicSync(file, `${JSON.stringify({ seq: head.seq, hash: head.hash })}\n`, { mode: 0o600 });
  }
  function scheduleHead() {
    if (headPending) return;
    headPending = true;
    setImmediate(() => {
      try {
        flushHead();
      } catch {
        // A full disk: the next record writes it again.
        headPending = false;
      }
    });
  }

  return {
    append(entry) {
      const prev = last.get() as { seq: number; hash: string } | undefined;
      const base = {
        seq: (prev?.seq ?? 0) + 1,
        timestamp: Math.floor(entry.timestamp),
        service: entry.service,
        message: entry.message,
        actor: entry.actor,
        method: entry.method,
        address: entry.address,
        object: entry.object,
        outcome: entry.outcome,
        prev_hash: prev?.hash ?? GENESIS_HASH,
      };
      const record: AuditRecord = { ...base, hash: hashOf(base) };
      insert.run(record);
      scheduleHead();
      for (const l of listeners) {
        try {
          l(record);
        } catch {
          // A listener (the forwarder) failing must not lose the record.
        }
      }
      return record;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flushHead,
  };
}

export type VerifyResult =
  | { ok: true; records: number; head_seq: number | null; detail: string }
  | { ok: false; records: number; seq: number | null; detail: string };

/** Reads the head file of a data directory (null: none yet, or unreadable). */
export function readAuditHead(dataDir: string): { seq: number; hash: string } | null {
  try {
    const head = JSON.parse(fs.readFileSync(path.join(dataDir, AUDIT_HEAD_FILE), 'utf8')) as {
      seq: unknown;
      hash: unknown;
    };
    if (typeof head.seq === 'number' && typeof head.hash === 'string')
      return { seq: head.seq, hash: head.hash };
  } catch {
    // Below: missing.
  }
  return null;
}

/**
 * Walks the whole chain: each record's hash, its link to the one before and the sequence without gaps, then the
 * head. Answers the first broken record.
 */
export function verifyAuditChain(db: Db, head: { seq: number; hash: string } | null): VerifyResult {
  const exists = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_chain'")
    .get();
  if (!exists) return { ok: false, records: 0, seq: null, detail: 'the audit_chain table is missing' };
  const rows = db
    .prepare('SELECT * FROM audit_chain ORDER BY seq')
    .iterate() as IterableIterator<AuditRecord>;
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let count = 0;
  let headHash: string | null = null;
  for (const row of rows) {
    if (row.seq !== expectedSeq)
      return {
        ok: false,
        records: count,
        seq: expectedSeq,
        detail:
          row.seq > expectedSeq
            ? `record ${expectedSeq}${row.seq - expectedSeq > 1 ? `–${row.seq - 1}` : ''} deleted (the chain goes on at ${row.seq})`
            : `record ${row.seq} out of sequence`,
      };
    if (row.prev_hash !== prevHash)
      return {
        ok: false,
        records: count,
        seq: row.seq,
        detail: `record ${row.seq} does not follow record ${row.seq - 1} (its previous-hash differs: one of them was changed or replaced)`,
      };
    const { hash, ...rest } = row;
    if (hashOf(rest) !== hash)
      return {
        ok: false,
        records: count,
        seq: row.seq,
        detail: `record ${row.seq} was edited (its hash differs)`,
      };
    if (head && row.seq === head.seq) headHash = hash;
    prevHash = hash;
    expectedSeq += 1;
    count += 1;
  }
  if (head) {
    if (count < head.seq)
      return {
        ok: false,
        records: count,
        seq: count + 1,
        detail: `the last records were deleted: the head names record ${head.seq}, the chain ends at ${count}`,
      };
    if (headHash !== head.hash)
      return {
        ok: false,
        records: count,
        seq: head.seq,
        detail: `record ${head.seq} is not the one the head names (the chain was rebuilt from there)`,
      };
  } else if (count > 0) {
    return {
      ok: true,
      records: count,
      head_seq: null,
      detail: `${count} records chained; no head file to compare the end with`,
    };
  }
  return {
    ok: true,
    records: count,
    head_seq: head?.seq ?? null,
    detail: `${count} records chained, head matches`,
  };
}
