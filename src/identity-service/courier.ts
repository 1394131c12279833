/**
 * The courier: every message is written to the outbox table first. With SMTP configured it is delivered through
 * nodemailer, and failed deliveries are retried while the code in them is still valid; without SMTP it stays queued
 * and the code is printed to the server log (the only place a code is logged).
 */
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../storage/sqlite';

export interface CourierMessage {
  to: string;
  subject: string;
  body: string;
  templateType: 'recovery_code_valid' | 'verification_code_valid';
  /** The code in the message, for the no-SMTP log line only. */
  code: string;
}

const SMTP_TIMEOUT_MS = 10_000;
/** Kratos' courier default: 5 attempts, then the message is abandoned. */
export const MAX_SEND_ATTEMPTS = 5;
export const RETRY_EVERY_MS = 30_000;
/** A mail older than its code (15 min) is not worth sending any more. */
const RETRY_MAX_AGE_MS = 15 * 60_000;

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  send_count: number;
}

export class Courier {
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : null;
    if (this.transport) {
      this.timer = setInterval(() => void this.retryFailed(), RETRY_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Queues the message and, with SMTP, starts its delivery without holding up the request. */
  send(message: CourierMessage): string {
    const id = randomUUID();
    const now = Date.now();
    this.db
      .prepare(
        `INSERT INTO courier_messages (id, recipient, subject, body, template_type, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'queued', ?, ?)`,
      )
      .run(id, message.to, message.subject, message.body, message.templateType, now, now);
    if (!this.transport) {
      this.log.info(
        { courierMessageId: id, to: message.to, template: message.templateType },
        `identity courier (no SMTP configured): code ${message.code} for ${message.to}`,
      );
      return id;
    }
    this.track(
      this.deliver({
        id,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        send_count: 0,
      }),
    );
    return id;
  }

  /** Sends again what failed recently, up to MAX_SEND_ATTEMPTS; older or exhausted messages are abandoned. */
  async retryFailed(now = Date.now()): Promise<void> {
    if (!this.transport) return;
    this.db
      .prepare(
        "UPDATE courier_messages SET status = 'abandoned', updated_at = ? WHERE status = 'failed' AND (send_count >= ? OR created_at < ?)",
      )
      .run(now, MAX_SEND_ATTEMPTS, now - RETRY_MAX_AGE_MS);
    const rows = this.db
      .prepare(
        "SELECT id, recipient, subject, body, send_count FROM courier_messages WHERE status = 'failed' ORDER BY created_at LIMIT 50",
      )
      .all() as OutboxRow[];
    await Promise.all(rows.map((row) => this.track(this.deliver(row))));
  }

  private track(delivery: Promise<void>): Promise<void> {
    const tracked = delivery.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
    return tracked;
  }

  private async deliver(row: OutboxRow): Promise<void> {
    this.db
      .prepare("UPDATE courier_messages SET status = 'processing', updated_at = ? WHERE id = ?")
      .run(Date.now(), row.id);
    try {
      await this.transport!.sendMail({
        from: this.from,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
      });
      this.db
        .prepare(
          "UPDATE courier_messages SET status = 'sent', send_count = send_count + 1, last_error = NULL, updated_at = ? WHERE id = ?",
        )
        .run(Date.now(), row.id);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      this.db
        .prepare(
          "UPDATE courier_messages SET status = 'failed', send_count = send_count + 1, last_error = ?, updated_at = ? WHERE id = ?",
        )
        .run(reason, Date.now(), row.id);
      this.log.error(
        { courierMessageId: row.id, attempt: row.send_count + 1, reason },
        'identity courier: delivery failed',
      );
    }
  }

  /** Stops retrying and waits for deliveries in flight (server shutdown). */
  async drain(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.pending]);
    this.transport?.close();
  }
}
