/**
 * The courier: every message is written to the outbox table first. With SMTP configured it is delivered through
 * nodemailer; without it, it stays queued and the code is printed to the server log (the only place a code is logged).
 */
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../appliance/db/database';

export interface CourierMessage {
  to: string;
  subject: string;
  body: string;
  templateType: 'recovery_code_valid' | 'verification_code_valid';
  /** The code in the message, for the no-SMTP log line only. */
  code: string;
}

const SMTP_TIMEOUT_MS = 10_000;

export class Courier {
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();

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
      this.log.info({ courierMessageId: id, to: message.to, template: message.templateType }, `identity courier (no SMTP configured): code ${message.code} for ${message.to}`);
      return id;
    }
    const delivery = this.deliver(id, message).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
    return id;
  }

  private async deliver(id: string, message: CourierMessage): Promise<void> {
    try {
      await this.transport!.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.body });
      this.db
        .prepare("UPDATE courier_messages SET status = 'sent', send_count = send_count + 1, last_error = NULL, updated_at = ? WHERE id = ?")
        .run(Date.now(), id);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      this.db
        .prepare("UPDATE courier_messages SET status = 'failed', send_count = send_count + 1, last_error = ?, updated_at = ? WHERE id = ?")
        .run(reason, Date.now(), id);
      this.log.error({ courierMessageId: id, reason }, 'identity courier: delivery failed');
    }
  }

  /** Waits for deliveries in flight (server shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.transport?.close();
  }
}
