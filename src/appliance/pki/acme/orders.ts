/**
 * ACME orders: certificates for names (DNS or IP) from an ACME account, proved by HTTP-01 answered by the console's
 * own server (`/.well-known/acme-challenge/:token`). An order runs in the background; each state change is stored,
 * audited and published to subscribers (the `/eos` stream a page follows). Valid orders renew themselves before
 * their certificate expires.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type * as acme from 'acme-client';
import { auditText } from '../../audit';
import { inTransaction } from '../../context';
import type { Db } from '../../../storage/sqlite';
import { HttpError, notFound } from '../../http/errors';
import { insertCertificate } from '../certificates';
import { type PkiContext, pkiAudit } from '../context';
import { webKeyPair, type KeyType } from '../keys';
import { generateKey } from '../offThread';
import { DAY_MS, derOf, parseCertificates, sanExtension, emptySans, x509, certPem } from '../x509';
import { clientOf, getAccountRow } from './accounts';
import { acmeReason, DEFAULT_TIMING, type AcmeTiming } from './client';
import type { AcmeOrder, AcmeOrderBody } from '../../../shared/contracts/pki';

export type OrderStatus = 'pending' | 'ready' | 'processing' | 'valid' | 'invalid';
export const ACTIVE_STATUSES: OrderStatus[] = ['pending', 'ready', 'processing'];

export interface OrderRow {
  id: string;
  account_id: string;
  names: string;
  key_type: KeyType;
  status: OrderStatus;
  detail: string;
  order_url: string | null;
  certificate_id: string | null;
  auto_renew: number;
  renew_before_days: number;
  renews_order_id: string | null;
  created_at: number;
  updated_at: number;
}

/** The body is the contract's (src/shared/contracts/pki/). */
export type CreateOrderInput = AcmeOrderBody;

export interface OrderState {
  id: string;
  status: OrderStatus;
  detail: string;
  certificate_id: string | null;
  updated_at: string;
}

const HOSTNAME =
  /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function getOrderRow(p: PkiContext, id: string): OrderRow {
  const row = p.app.db.prepare('SELECT * FROM pki_acme_orders WHERE id = ?').get(id) as OrderRow | undefined;
  if (!row) throw notFound('ACME order does not exist');
  return row;
}

export function orderView(p: PkiContext, row: OrderRow): AcmeOrder {
  const account = p.app.db.prepare('SELECT name FROM pki_acme_accounts WHERE id = ?').get(row.account_id) as
    { name: string } | undefined;
  const cert = row.certificate_id
    ? (p.app.db.prepare('SELECT not_after FROM pki_certificates WHERE id = ?').get(row.certificate_id) as
        { not_after: number } | undefined)
    : undefined;
  const renewal = p.app.db
    .prepare('SELECT id FROM pki_acme_orders WHERE renews_order_id = ? ORDER BY created_at DESC LIMIT 1')
    .get(row.id) as { id: string } | undefined;
  return {
    id: row.id,
    account_id: row.account_id,
    account_name: account?.name ?? null,
    names: JSON.parse(row.names) as string[],
    key_type: row.key_type,
    status: row.status,
    detail: row.detail,
    certificate_id: row.certificate_id,
    not_after: cert ? new Date(cert.not_after).toISOString() : null,
    renew_at:
      cert && row.auto_renew ? new Date(cert.not_after - row.renew_before_days * DAY_MS).toISOString() : null,
    auto_renew: row.auto_renew === 1,
    renew_before_days: row.renew_before_days,
    renews_order_id: row.renews_order_id,
    renewed_by_order_id: renewal?.id ?? null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export const listOrders = (p: PkiContext) =>
  (p.app.db.prepare('SELECT * FROM pki_acme_orders ORDER BY created_at DESC').all() as OrderRow[]).map((r) =>
    orderView(p, r),
  );

/** The key authorisation for a token the console's server is asked for (HTTP-01), or null. */
export function challengeAnswer(p: PkiContext, token: string): string | null {
  const row = p.app.db
    .prepare('SELECT key_authorization FROM pki_acme_challenges WHERE token = ?')
    .get(token) as { key_authorization: string } | undefined;
  return row?.key_authorization ?? null;
}

export function checkNames(names: string[]): string[] {
  const out = [...new Set(names.map((n) => n.toLowerCase()))];
  out.forEach((n, i) => {
    if (!net.isIP(n) && !(HOSTNAME.test(n) && n.includes('.') && n.length <= 253))
      throw new HttpError(422, [
        {
          loc: ['body', 'names', i],
          msg: 'not a DNS name or IP address (wildcards need DNS-01, which the appliance does not answer)',
          type: 'value_error.acme.name',
        },
      ]);
  });
  return out;
}

type Listener = (state: OrderState) => void;

/** Runs orders in the background and tells subscribers about every state change. */
/** Writes an order's renewal settings (its page's PATCH, a configuration document); inside the caller's transaction. */
export function writeOrderRenewal(db: Db, id: string, autoRenew: boolean, days: number, now: number): void {
  db.prepare(
    'UPDATE pki_acme_orders SET auto_renew = ?, renew_before_days = ?, updated_at = ? WHERE id = ?',
  ).run(autoRenew ? 1 : 0, days, now, id);
}

export class AcmeOrders {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly p: PkiContext,
    readonly timing: AcmeTiming = DEFAULT_TIMING,
  ) {}

  subscribe(id: string, fn: Listener): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.listeners.delete(id);
    };
  }

  state(row: OrderRow): OrderState {
    return {
      id: row.id,
      status: row.status,
      detail: row.detail,
      certificate_id: row.certificate_id,
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  private setState(
    id: string,
    status: OrderStatus,
    detail: string,
    extra: { order_url?: string; certificate_id?: string } = {},
  ): void {
    if (this.stopped) return;
    const { db } = this.p.app;
    inTransaction(db, () => {
      db.prepare('UPDATE pki_acme_orders SET status = ?, detail = ?, updated_at = ? WHERE id = ?').run(
        status,
        detail,
        this.p.app.now(),
        id,
      );
      if (extra.order_url)
        db.prepare('UPDATE pki_acme_orders SET order_url = ? WHERE id = ?').run(extra.order_url, id);
      if (extra.certificate_id)
        db.prepare('UPDATE pki_acme_orders SET certificate_id = ? WHERE id = ?').run(
          extra.certificate_id,
          id,
        );
    });
    const row = getOrderRow(this.p, id);
    pkiAudit(
      this.p,
      `ACME order ${id} for ${auditText((JSON.parse(row.names) as string[]).join(', '), 200)}: ${status}${detail ? ` (${auditText(detail, 300)})` : ''}`,
    );
    for (const fn of [...(this.listeners.get(id) ?? [])]) fn(this.state(row));
  }

  /** Orders left half-done by a stopped or crashed server cannot resume (their challenges are gone). */
  failInterrupted(): void {
    const rows = this.p.app.db
      .prepare(`SELECT id FROM pki_acme_orders WHERE status IN ('pending', 'ready', 'processing')`)
      .all() as Array<{ id: string }>;
    for (const r of rows) this.setState(r.id, 'invalid', 'interrupted by a server restart; order again');
    this.p.app.db.prepare('DELETE FROM pki_acme_challenges').run();
  }

  create(input: CreateOrderInput, by: string, renews?: OrderRow): OrderRow {
    const account = getAccountRow(this.p, input.account_id);
    const names = checkNames(input.names);
    const id = crypto.randomUUID();
    const now = this.p.app.now();
    inTransaction(this.p.app.db, () =>
      this.p.app.db
        .prepare(
          `INSERT INTO pki_acme_orders (id, account_id, names, key_type, status, detail, auto_renew, renew_before_days, renews_order_id, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'pending', 'queued', ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          account.id,
          JSON.stringify(names),
          input.key_type ?? 'ec-p256',
          input.auto_renew === false ? 0 : 1,
          input.renew_before_days ?? 30,
          renews?.id ?? null,
          now,
          now,
        ),
    );
    pkiAudit(
      this.p,
      `ACME order ${id} for ${auditText(names.join(', '), 200)} ${renews ? 'created to renew order ' + renews.id : `placed by "${auditText(by)}"`}`,
    );
    const run = this.run(id).finally(() => this.running.delete(run));
    this.running.add(run);
    return getOrderRow(this.p, id);
  }

  private async run(id: string): Promise<void> {
    try {
      await this.process(id);
    } catch (e) {
      this.setState(id, 'invalid', acmeReason(e));
    } finally {
      if (!this.stopped) this.p.app.db.prepare('DELETE FROM pki_acme_challenges WHERE order_id = ?').run(id);
    }
  }

  private async process(id: string): Promise<void> {
    const row = getOrderRow(this.p, id);
    const names = JSON.parse(row.names) as string[];
    const client = clientOf(this.p, getAccountRow(this.p, row.account_id), this.timing);
    let order: acme.Order = await client.createOrder({
      identifiers: names.map((value) => ({ type: net.isIP(value) ? 'ip' : 'dns', value })),
    });
    this.setState(id, 'pending', 'proving control of the names (HTTP-01)', { order_url: order.url });
    for (const authz of await client.getAuthorizations(order)) {
      if (authz.status === 'valid') continue;
      const challenge = authz.challenges.find((c) => c.type === 'http-01');
      if (!challenge)
        throw new Error(`the ACME server offers no HTTP-01 challenge for ${authz.identifier.value}`);
      const keyAuthorization = await client.getChallengeKeyAuthorization(challenge);
      this.p.app.db
        .prepare(
          'INSERT OR REPLACE INTO pki_acme_challenges (token, key_authorization, order_id, created_at) VALUES (?, ?, ?, ?)',
        )
        .run(challenge.token, keyAuthorization, id, this.p.app.now());
      await client.completeChallenge(challenge);
      await client.waitForValidStatus(authz);
    }
    // Answers about an order do not carry its URL: keep it so the order can be polled and finalised.
    const orderUrl = order.url;
    order = { ...(await client.waitForValidStatus(order)), url: orderUrl };
    this.setState(id, 'ready', 'names proved; sending the certificate request');
    const key = await generateKey(row.key_type);
    const { pair, algorithm } = await webKeyPair(key);
    const san = sanExtension({
      ...emptySans(),
      dns: names.filter((n) => !net.isIP(n)),
      ip: names.filter((n) => net.isIP(n)),
    });
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({
      name: new x509.Name([{ CN: [names[0]] }]),
      keys: pair,
      signingAlgorithm: algorithm,
      extensions: san ? [san] : [],
    });
    order = { ...(await client.finalizeOrder(order, csr.toString('pem'))), url: orderUrl };
    this.setState(id, 'processing', 'the ACME server is issuing the certificate');
    order = { ...(await client.waitForValidStatus(order)), url: orderUrl };
    const chain = parseCertificates(await client.getCertificate(order), 'certificate');
    const previous = row.renews_order_id ? getOrderRow(this.p, row.renews_order_id).certificate_id : null;
    const certId = inTransaction(this.p.app.db, () =>
      insertCertificate(this.p, {
        name: names[0],
        caId: null,
        key,
        cert: chain[0],
        chainPem: chain
          .slice(1)
          .map((c) => certPem(derOf(c)))
          .join(''),
        profile: 'server',
        source: 'acme',
        renewedFrom: previous,
      }),
    );
    this.setState(id, 'valid', `certificate issued, valid until ${chain[0].notAfter.toISOString()}`, {
      certificate_id: certId,
    });
  }

  /** Places renewal orders for valid, auto-renewing orders whose certificate enters its renewal window. */
  renewDue(): number {
    const now = this.p.app.now();
    const due = this.p.app.db
      .prepare(
        `SELECT o.* FROM pki_acme_orders o JOIN pki_certificates c ON c.id = o.certificate_id
         WHERE o.status = 'valid' AND o.auto_renew = 1 AND c.not_after - o.renew_before_days * ? <= ?
           AND NOT EXISTS (SELECT 1 FROM pki_acme_orders r WHERE r.renews_order_id = o.id AND (r.status != 'invalid' OR r.created_at > ?))`,
      )
      .all(DAY_MS, now, now - DAY_MS) as OrderRow[];
    for (const o of due)
      this.create(
        {
          account_id: o.account_id,
          names: JSON.parse(o.names) as string[],
          key_type: o.key_type,
          auto_renew: true,
          renew_before_days: o.renew_before_days,
        },
        'renewal',
        o,
      );
    return due.length;
  }

  /** Changes the renewal settings of an order. */
  update(id: string, input: { auto_renew?: boolean; renew_before_days?: number }, by: string): OrderRow {
    const row = getOrderRow(this.p, id);
    const autoRenew = input.auto_renew === undefined ? row.auto_renew : input.auto_renew ? 1 : 0;
    const days = input.renew_before_days ?? row.renew_before_days;
    inTransaction(this.p.app.db, () =>
      writeOrderRenewal(this.p.app.db, id, autoRenew === 1, days, this.p.app.now()),
    );
    pkiAudit(
      this.p,
      `ACME order ${id}: renewal ${autoRenew ? `on, ${days} days before expiry` : 'off'} (by "${auditText(by)}")`,
    );
    return getOrderRow(this.p, id);
  }

  /** Forgets a finished order (its certificate stays). */
  delete(id: string, by: string): void {
    const row = getOrderRow(this.p, id);
    if (ACTIVE_STATUSES.includes(row.status))
      throw new HttpError(409, [
        { loc: ['path', 'id'], msg: 'this order is still in progress', type: 'value_error.acme.busy' },
      ]);
    inTransaction(this.p.app.db, () =>
      this.p.app.db.prepare('DELETE FROM pki_acme_orders WHERE id = ?').run(id),
    );
    pkiAudit(this.p, `ACME order ${id} deleted by "${auditText(by)}"`);
  }

  /** Waits for running orders (tests) — they end by themselves. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  stop(): void {
    this.stopped = true;
    this.listeners.clear();
  }
}
