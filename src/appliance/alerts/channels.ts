/**
 * Where alerts go besides the console: e-mail (SMTP, `RAMPART_SMTP_URL`) and webhooks (JSON, signed with
 * HMAC-SHA256, bounded like every outbound request, retried with backoff). Each channel has its rules (the lowest
 * severity it takes, the kinds it takes) and a delivery log. A webhook's signing secret is sealed with the
 * appliance secret and never shown again; changing a webhook's address asks for the secret again, so a stored
 * secret is never sent to an address the admin who typed it did not choose.
 *
 * A webhook's address never reaches link-local (cloud metadata), unspecified, multicast or reserved addresses, and
 * plain http goes only to loopback and private networks (service-kit/addressScope.ts): an address written as one is
 * refused when saved, and every send checks the address it actually connects to (a name is resolved then).
 */
import crypto from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import net from 'node:net';
import { webhookAddressProblem } from '../../service-kit/addressScope';
import { OutboundError, outboundRequest } from '../../service-kit/outbound';
import type { Db, Migration } from '../../storage/sqlite';
import { migrate } from '../../storage/sqlite';
import type { ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { isEmail } from '../../lib/validation/validators';
import {
  deriveKey,
  loadApplianceSecret,
  registerSealedColumn,
  seal,
  unseal,
  type SealedColumn,
} from '../secrets';
import { SEVERITY_RANK as RANK, type Alert, type AlertTransition } from './engine';
import type { AlertKind, AlertSeverity } from './findings';

export type ChannelType = 'email' | 'webhook';

export interface ChannelInput {
  name: string;
  type: ChannelType;
  enabled: boolean;
  /** The lowest severity sent (critical > warning > info). */
  min_severity: AlertSeverity;
  /** The kinds sent; empty: all. */
  kinds: AlertKind[];
  /** E-mail: the recipients. */
  recipients?: string[];
  /** Webhook: the address (https, or http on loopback and private networks for local collectors). */
  url?: string;
  /** Webhook: the signing secret; on update, absent keeps the stored one (refused if the address changed). */
  secret?: string;
}

export interface Channel extends Omit<ChannelInput, 'secret'> {
  id: number;
  has_secret: boolean;
  created_at: number;
}

export interface Delivery {
  id: number;
  channel_id: number;
  event: 'alert.fired' | 'alert.escalated' | 'alert.resolved' | 'test';
  alert_key: string | null;
  at: number;
  outcome: 'delivered' | 'failed';
  attempts: number;
  detail: string;
}

export const channelMigrations: Migration[] = [
  {
    version: 1,
    tables: { alert_deliveries: 'runtime' },
    name: 'alert channels and their delivery log',
    up: (db) =>
      db.exec(`
        CREATE TABLE alert_channels (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          type TEXT NOT NULL CHECK (type IN ('email', 'webhook')),
          enabled INTEGER NOT NULL,
          min_severity TEXT NOT NULL CHECK (min_severity IN ('critical', 'warning', 'info')),
          kinds TEXT NOT NULL,
          recipients TEXT NOT NULL DEFAULT '[]',
          url TEXT,
          secret_sealed BLOB,
          created_at INTEGER NOT NULL
        );
        CREATE TABLE alert_deliveries (
          id INTEGER PRIMARY KEY,
          channel_id INTEGER NOT NULL REFERENCES alert_channels(id) ON DELETE CASCADE,
          event TEXT NOT NULL,
          alert_key TEXT,
          at INTEGER NOT NULL,
          outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
          attempts INTEGER NOT NULL,
          detail TEXT NOT NULL
        );
        CREATE INDEX alert_deliveries_channel ON alert_deliveries(channel_id, at);
      `),
  },
];

/** Why a webhook may not be saved with this address (its host written as an IP address), or null. */
export function webhookUrlProblem(url: string): string | null {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!net.isIP(host)) return null;
  const problem = webhookAddressProblem(host, u.protocol);
  return problem && `${host} is ${problem}`;
}

/** Header of the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (the timestamp stops replays). */
export const SIGNATURE_HEADER = 'x-rampart-signature';
export const WEBHOOK_ATTEMPTS = 3;

/** The signature a receiver recomputes: HMAC-SHA256 over `<timestamp>.<body>` with the channel's secret. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

interface Row {
  id: number;
  name: string;
  type: ChannelType;
  enabled: number;
  min_severity: AlertSeverity;
  kinds: string;
  recipients: string;
  url: string | null;
  secret_sealed: Buffer | null;
  created_at: number;
}

const toChannel = (r: Row): Channel => ({
  id: r.id,
  name: r.name,
  type: r.type,
  enabled: r.enabled === 1,
  min_severity: r.min_severity,
  kinds: JSON.parse(r.kinds) as AlertKind[],
  ...(r.type === 'email' ? { recipients: JSON.parse(r.recipients) as string[] } : { url: r.url ?? '' }),
  has_secret: r.secret_sealed !== null,
  created_at: r.created_at,
});

const MAIL_PREFIX: Record<Delivery['event'], string> = {
  'alert.fired': '',
  'alert.escalated': 'Escalated: ',
  'alert.resolved': 'Resolved: ',
  test: '',
};

/** A channel's signing secret, sealed bound to its id (backups re-seal it from another appliance's archive). */
export const ALERT_CHANNEL_SEALED: SealedColumn = {
  table: 'alert_channels',
  column: 'secret_sealed',
  id: 'id',
  info: 'rampart alert channels',
  aad: (id) => `alert-channel:${String(id)}`,
};

export class ChannelConflict extends Error {}

export interface ChannelOptions {
  /** Milliseconds before the second and third webhook attempts (doubled each time). */
  retryBaseMs?: number;
  /** Mail transport; by default from `RAMPART_SMTP_URL`. */
  mail?: Pick<Transporter, 'sendMail'> | null;
}

// The channel rows, written by the Alert channels page and by the configuration document's writer (section.ts).

/** The stored columns of a channel's settings (its type and signing secret are written apart). */
const channelColumns = (input: ChannelInput) => [
  input.name,
  input.enabled ? 1 : 0,
  input.min_severity,
  JSON.stringify(input.kinds),
  JSON.stringify(input.recipients ?? []),
  input.type === 'webhook' ? (input.url ?? null) : null,
];

/** Adds a channel (as `id` when a configuration document names it); answers its id. */
export function insertChannelRow(db: Db, input: ChannelInput, now: number, id: number | null = null): number {
  const [name, ...rest] = channelColumns(input);
  return Number(
    db
      .prepare(
        `INSERT INTO alert_channels (id, name, type, enabled, min_severity, kinds, recipients, url, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, name, input.type, ...rest, now).lastInsertRowid,
  );
}

export function updateChannelRow(db: Db, id: number, input: ChannelInput): void {
  db.prepare(
    'UPDATE alert_channels SET name = ?, enabled = ?, min_severity = ?, kinds = ?, recipients = ?, url = ? WHERE id = ?',
  ).run(...channelColumns(input), id);
}

/** Gives a channel a name no other can have, so names can be swapped between channels (names are unique). */
export function freeChannelName(db: Db, id: number): void {
  db.prepare('UPDATE alert_channels SET name = ? WHERE id = ?').run(`\u0000${id}`, id);
}

export function deleteChannelRow(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM alert_channels WHERE id = ?').run(id).changes > 0;
}

/**
 * The rules of a channel the schema cannot say (a 422 located under `body`): an e-mail channel needs valid
 * recipients, a webhook a valid address. The page's routes and the configuration document's writer check with it.
 */
export function checkChannel(body: ChannelInput): void {
  if (body.type === 'email') {
    const bad = (body.recipients ?? []).findIndex((r) => !isEmail(r));
    if (!body.recipients?.length)
      throw new HttpError(422, [
        {
          loc: ['body', 'recipients'],
          msg: 'an e-mail channel needs at least one recipient',
          type: 'value_error.missing',
        },
      ]);
    if (bad >= 0)
      throw new HttpError(422, [
        {
          loc: ['body', 'recipients', bad],
          msg: 'value is not a valid email address',
          type: 'value_error.email',
        },
      ]);
  } else {
    let valid: boolean;
    try {
      const u = new URL(body.url ?? '');
      valid = (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      valid = false;
    }
    if (!valid)
      throw new HttpError(422, [
        {
          loc: ['body', 'url'],
          msg: 'a webhook needs an http(s) address without user name or password',
          type: 'value_error.url',
        },
      ]);
    const problem = webhookUrlProblem(body.url!);
    if (problem)
      throw new HttpError(422, [{ loc: ['body', 'url'], msg: problem, type: 'value_error.url.address' }]);
  }
}

export class AlertChannels {
  private readonly key: Buffer;
  private readonly retryBaseMs: number;
  private readonly mail: Pick<Transporter, 'sendMail'> | null;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly ctx: ApplianceContext,
    options: ChannelOptions = {},
  ) {
    migrate(ctx.db, 'alert_channels', channelMigrations);
    registerSealedColumn(ctx, ALERT_CHANNEL_SEALED);
    this.key = deriveKey(loadApplianceSecret(ctx.config.dataDir), ALERT_CHANNEL_SEALED.info);
    this.retryBaseMs = options.retryBaseMs ?? 2_000;
    this.mail =
      options.mail !== undefined
        ? options.mail
        : ctx.config.smtpUrl
          ? nodemailer.createTransport({
              url: ctx.config.smtpUrl,
              // A mail server that never answers costs a bounded time, like every outbound request.
              connectionTimeout: 10_000,
              greetingTimeout: 10_000,
              socketTimeout: 20_000,
            })
          : null;
  }

  private get db(): Db {
    return this.ctx.db;
  }

  list(): Channel[] {
    return (this.db.prepare('SELECT * FROM alert_channels ORDER BY name').all() as Row[]).map(toChannel);
  }

  get(id: number): Channel | undefined {
    const row = this.db.prepare('SELECT * FROM alert_channels WHERE id = ?').get(id) as Row | undefined;
    return row && toChannel(row);
  }

  create(input: ChannelInput): Channel {
    const id = insertChannelRow(this.db, input, this.ctx.now());
    if (input.secret) this.storeSecret(id, input.secret);
    return this.get(id)!;
  }

  update(id: number, input: ChannelInput): Channel {
    const before = this.db.prepare('SELECT * FROM alert_channels WHERE id = ?').get(id) as Row | undefined;
    if (!before) throw new ChannelConflict('not found');
    if (before.type !== input.type) throw new ChannelConflict('a channel keeps its type: create another one');
    const urlChanged = input.type === 'webhook' && input.url !== before.url;
    if (urlChanged && before.secret_sealed && !input.secret)
      throw new ChannelConflict('the address changed: enter the signing secret again to send it there');
    updateChannelRow(this.db, id, input);
    if (input.secret) this.storeSecret(id, input.secret);
    return this.get(id)!;
  }

  remove(id: number): boolean {
    return deleteChannelRow(this.db, id);
  }

  deliveries(id: number, limit = 100): Delivery[] {
    return this.db
      .prepare('SELECT * FROM alert_deliveries WHERE channel_id = ? ORDER BY at DESC, id DESC LIMIT ?')
      .all(id, limit) as Delivery[];
  }

  private storeSecret(id: number, secret: string) {
    this.db
      .prepare('UPDATE alert_channels SET secret_sealed = ? WHERE id = ?')
      .run(seal(this.key, `alert-channel:${id}`, Buffer.from(secret, 'utf8')), id);
  }

  private secretOf(id: number): string | null {
    const row = this.db.prepare('SELECT secret_sealed FROM alert_channels WHERE id = ?').get(id) as
      { secret_sealed: Buffer | null } | undefined;
    return row?.secret_sealed
      ? unseal(this.key, `alert-channel:${id}`, row.secret_sealed).toString('utf8')
      : null;
  }

  /** Sends each transition to every enabled channel whose rules take it (in the background). */
  dispatch(t: AlertTransition): void {
    for (const channel of this.list()) {
      if (!channel.enabled) continue;
      if (RANK[t.alert.severity] > RANK[channel.min_severity]) continue;
      if (channel.kinds.length && !channel.kinds.includes(t.alert.kind)) continue;
      this.track(this.deliver(channel, `alert.${t.change}`, t.alert));
    }
  }

  /** A test message through one channel; answers its delivery. */
  sendTest(id: number): Promise<Delivery> {
    const channel = this.get(id);
    if (!channel) throw new ChannelConflict('not found');
    return this.deliver(channel, 'test', null);
  }

  /** Waits for the deliveries under way (shutdown, tests). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private track(p: Promise<unknown>) {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private async deliver(channel: Channel, event: Delivery['event'], alert: Alert | null): Promise<Delivery> {
    let attempts = 0;
    let outcome: Delivery['outcome'] = 'failed';
    let detail = '';
    const max = channel.type === 'webhook' ? WEBHOOK_ATTEMPTS : 1;
    while (attempts < max && outcome === 'failed') {
      if (attempts > 0) await new Promise((r) => setTimeout(r, this.retryBaseMs * 2 ** (attempts - 1)));
      attempts += 1;
      try {
        detail =
          channel.type === 'webhook'
            ? await this.postWebhook(channel, event, alert)
            : await this.sendMail(channel, event, alert);
        outcome = 'delivered';
      } catch (e) {
        detail = e instanceof Error ? e.message : String(e);
        // An address the rule refuses is refused again: no retry.
        if (e instanceof OutboundError && e.kind === 'address') break;
      }
    }
    // A server closing under a slow delivery has nowhere left to log it.
    if (!this.db.open)
      return {
        id: 0,
        channel_id: channel.id,
        event,
        alert_key: alert?.key ?? null,
        at: this.ctx.now(),
        outcome,
        attempts,
        detail,
      };
    const id = Number(
      this.db
        .prepare(
          'INSERT INTO alert_deliveries (channel_id, event, alert_key, at, outcome, attempts, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(channel.id, event, alert?.key ?? null, this.ctx.now(), outcome, attempts, detail)
        .lastInsertRowid,
    );
    return this.db.prepare('SELECT * FROM alert_deliveries WHERE id = ?').get(id) as Delivery;
  }

  private async postWebhook(
    channel: Channel,
    event: Delivery['event'],
    alert: Alert | null,
  ): Promise<string> {
    const body = JSON.stringify({ event, alert, sent_at: new Date(this.ctx.now()).toISOString() });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Rampart alerts',
    };
    const secret = this.secretOf(channel.id);
    if (secret) {
      const t = Math.floor(this.ctx.now() / 1000);
      headers[SIGNATURE_HEADER] = `t=${t},v1=${signatureOf(secret, t, body)}`;
    }
    const answer = await outboundRequest(channel.url!, {
      what: `the webhook ${channel.name}`,
      method: 'POST',
      headers,
      body,
      limits: { connectMs: 5_000, totalMs: 10_000, maxBytes: 64 * 1024 },
      addressRule: webhookAddressProblem,
    });
    if (answer.status < 200 || answer.status > 299)
      throw new Error(`the webhook answered HTTP ${answer.status}`);
    return `HTTP ${answer.status}`;
  }

  private async sendMail(channel: Channel, event: Delivery['event'], alert: Alert | null): Promise<string> {
    if (!this.mail) throw new Error('no mail server: set RAMPART_SMTP_URL');
    const subject =
      event === 'test'
        ? 'Rampart: test message'
        : `[${alert!.severity}] ${MAIL_PREFIX[event]}${alert!.summary}`;
    const text =
      event === 'test'
        ? `This is a test message of the alert channel "${channel.name}".`
        : `${alert!.summary}\n\nState: ${alert!.state}\nFirst seen: ${new Date(alert!.first_seen).toISOString()}\n` +
          `Open it in the console: ${this.ctx.config.publicUrl.replace(/\/$/, '')}${alert!.link}\n`;
    const info = (await this.mail.sendMail({
      from: this.ctx.config.mailFrom,
      to: channel.recipients,
      subject,
      text,
    })) as { messageId?: string };
    return `sent${info.messageId ? ` (${info.messageId})` : ''}`;
  }
}
