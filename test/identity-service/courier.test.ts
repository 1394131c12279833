/** The courier against a real SMTP server that refuses the first delivery: outbox states and retries. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import { migrate, openDatabase, type Db } from '../../src/storage/sqlite';
import { Courier, MAX_SEND_ATTEMPTS } from '../../src/identity-service/courier';
import { identityMigrations } from '../../src/identity-service/schema';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'courier-'));
  db = openDatabase(path.join(dir, 'identity.db'));
  migrate(db, 'identity', identityMigrations);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const status = (id: string) =>
  db.prepare('SELECT status, send_count, last_error FROM courier_messages WHERE id = ?').get(id) as {
    status: string;
    send_count: number;
    last_error: string | null;
  };
/** A recording logger (only what the courier calls). */
function recorder(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const write = (obj: unknown, msg?: string) => void lines.push(`${JSON.stringify(obj)} ${msg ?? ''}`);
  return { log: { info: write, error: write, warn: write } as unknown as FastifyBaseLogger, lines };
}

const message = {
  to: 'someone@example.test',
  subject: 'Code',
  body: 'Your code:\n\n123456\n',
  templateType: 'recovery_code_valid' as const,
  code: '123456',
};

it('marks a refused delivery failed, retries it, and records it sent', async () => {
  let refuse = true;
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_addr, _session, cb) {
      if (refuse) return cb(Object.assign(new Error('mailbox busy'), { responseCode: 450 }));
      return cb();
    },
    onData(stream, _session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push(raw);
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.server.address() as { port: number };
  const courier = new Courier(
    db,
    `smtp://127.0.0.1:${port}`,
    'Rampart <no-reply@rampart.local>',
    recorder().log,
  );
  try {
    const id = courier.send(message);
    await courier.drain();
    expect(status(id)).toMatchObject({ status: 'failed', send_count: 1 });
    expect(status(id).last_error).toMatch(/mailbox busy/);
    refuse = false;
    const again = new Courier(
      db,
      `smtp://127.0.0.1:${port}`,
      'Rampart <no-reply@rampart.local>',
      recorder().log,
    );
    await again.retryFailed();
    await again.drain();
    expect(status(id)).toMatchObject({ status: 'sent', send_count: 2, last_error: null });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('123456');
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});

it('abandons messages after the last attempt or once their code has expired', async () => {
  const courier = new Courier(db, 'smtp://127.0.0.1:1', 'x@example.test', recorder().log);
  const now = Date.now();
  const insert = (id: string, count: number, created: number) =>
    db
      .prepare(
        "INSERT INTO courier_messages (id, recipient, subject, body, template_type, status, send_count, created_at, updated_at) VALUES (?, 'a@b.c', 's', 'b', 't', 'failed', ?, ?, ?)",
      )
      .run(id, count, created, created);
  insert('exhausted', MAX_SEND_ATTEMPTS, now);
  insert('stale', 1, now - 60 * 60_000);
  await courier.retryFailed(now);
  await courier.drain();
  expect(status('exhausted').status).toBe('abandoned');
  expect(status('stale').status).toBe('abandoned');
});

it('without SMTP keeps the message queued and logs its code once', () => {
  const { log, lines } = recorder();
  const courier = new Courier(db, '', 'x@example.test', log);
  const id = courier.send(message);
  expect(status(id)).toMatchObject({ status: 'queued', send_count: 0 });
  expect(lines.filter((l) => l.includes('123456'))).toHaveLength(1);
});
