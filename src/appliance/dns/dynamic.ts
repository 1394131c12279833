/**
 * Dynamic DNS accounts: which provider, which host name, the credentials (the secret is written, never read back),
 * how the public address is found, how often it is checked and the record's TTL; per account the last address sent,
 * the provider's last answer and the next check. A scheduler updates accounts that are due; "Update now" runs one.
 * The secret is kept with what it was saved for (provider, custom URL's server, user name: src/shared/secretBinding.ts)
 * and sent only there: changing those needs it typed again.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../storage/sqlite';
import { isFqdn, isHostname } from '../../lib/validation/validators';
import { auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError, notFound, type ErrorItem } from '../http/errors';
import { fieldError } from '../apply/collections';
import {
  bindingChange,
  bindingText,
  ddnsSecretBinding,
  RETYPE_ERROR,
  retypeMessage,
} from '../../shared/secretBinding';
import {
  DDNS_PROVIDERS,
  DEFAULT_CHECK_URL,
  DdnsUpdater,
  describeRequestError,
  IP_PLACEHOLDER,
  type DdnsFailure,
} from './updater';
import { area } from '../http/routeAccess';
import { contractRoute } from '../http/contractRoute';
import * as dns from '../../shared/contracts/dns';

/** The contract's body and answer (src/shared/contracts/dns.ts). */
export type DdnsAccountInput = dns.DdnsAccountBody;
export type DdnsAccount = dns.DdnsAccount;

interface Row {
  id: number;
  data: string;
  secret: string | null;
  secret_binding: string | null;
  last_ip: string | null;
  last_result: string | null;
  last_update_at: number | null;
  next_check_at: number | null;
  failing_since: number | null;
  failure: string | null;
}

/** How often the scheduler looks for accounts that are due. */
export const DDNS_TICK_MS = 30_000;

/** The rules of an account the schema cannot say (also used by a configuration document's writer). */
export function checkAccount(a: DdnsAccountInput, hasStoredSecret: boolean): ErrorItem[] {
  const errors: ErrorItem[] = [];
  if (!isFqdn(a.hostname))
    errors.push(
      fieldError('hostname', 'value is not a valid fully qualified domain name', 'value_error.fqdn'),
    );
  const custom = a.provider === 'custom';
  if (custom && !a.update_url.includes(IP_PLACEHOLDER))
    errors.push(
      fieldError(
        'update_url',
        `a custom update URL needs the ${IP_PLACEHOLDER} placeholder`,
        'value_error.placeholder',
      ),
    );
  if (!custom && a.update_url)
    errors.push(
      fieldError('update_url', 'only the custom provider takes an update URL', 'value_error.extra'),
    );
  if (!custom && !a.username && a.provider !== 'duckdns')
    errors.push(fieldError('username', 'field required', 'value_error.missing'));
  const secret = a.secret ?? '';
  if (!custom && !secret && !hasStoredSecret)
    errors.push(fieldError('secret', 'field required', 'value_error.missing'));
  if (a.ip_source === 'interface' && !isHostname(a.interface))
    errors.push(fieldError('interface', 'value is not a valid interface name', 'value_error.interface'));
  if (a.ip_source === 'web' && a.interface)
    errors.push(
      fieldError(
        'interface',
        'an interface is only used when the address comes from an interface',
        'value_error.extra',
      ),
    );
  return errors;
}

function toAccount(r: Row): DdnsAccount {
  const data = JSON.parse(r.data) as Omit<DdnsAccountInput, 'secret'>;
  return {
    ...data,
    id: r.id,
    has_secret: !!r.secret,
    last_ip: r.last_ip,
    last_result: r.last_result,
    last_update_at: r.last_update_at,
    next_check_at: r.next_check_at,
    failing_since: r.failing_since ?? null,
    failure: r.failure ? (JSON.parse(r.failure) as DdnsFailure) : null,
  };
}

/** An account's stored settings (the `data` column): never its secret. */
export function storedAccount(a: DdnsAccountInput): string {
  const { secret: _secret, ...data } = a;
  return JSON.stringify({
    ...data,
    hostname: data.hostname.toLowerCase(),
    check_url: data.ip_source === 'web' ? data.check_url : '',
  });
}

// The accounts' rows, written by the Dynamic DNS page and by the configuration document's writer (section.ts).

/** Adds an account's settings (as `id` when a configuration document names it); due for a check now. */
export function insertAccountRow(db: Db, data: string, now: number, id: number | null = null): number {
  return Number(
    db
      .prepare('INSERT INTO ddns_accounts (id, data, next_check_at, created_at) VALUES (?, ?, ?, ?)')
      .run(id, data, now, now).lastInsertRowid,
  );
}

/**
 * Changes an account's settings; due for a check now. `onlyIfChanged`: settings equal to the stored ones leave the
 * account (and its next check) as it is.
 */
export function updateAccountRow(db: Db, id: number, data: string, now: number, onlyIfChanged = false): void {
  db.prepare(
    `UPDATE ddns_accounts SET data = ?, next_check_at = ? WHERE id = ?${onlyIfChanged ? ' AND data IS NOT ?' : ''}`,
  ).run(data, now, id, ...(onlyIfChanged ? [data] : []));
}

/** Keeps a password or token with what it was saved for (src/shared/secretBinding.ts). */
export function setAccountSecret(db: Db, id: number, secret: string, binding: string): void {
  db.prepare('UPDATE ddns_accounts SET secret = ?, secret_binding = ? WHERE id = ?').run(secret, binding, id);
}

export function dropAccountSecret(db: Db, id: number): void {
  db.prepare('UPDATE ddns_accounts SET secret = NULL, secret_binding = NULL WHERE id = ?').run(id);
}

export function deleteAccountRow(db: Db, id: number): void {
  db.prepare('DELETE FROM ddns_accounts WHERE id = ?').run(id);
}

export class DdnsService {
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<number>();

  constructor(
    private readonly ctx: ApplianceContext,
    readonly updater: DdnsUpdater,
  ) {}

  list(): DdnsAccount[] {
    return (this.ctx.db.prepare('SELECT * FROM ddns_accounts ORDER BY id').all() as Row[]).map(toAccount);
  }

  private row(id: number): Row | undefined {
    return this.ctx.db.prepare('SELECT * FROM ddns_accounts WHERE id = ?').get(id) as Row | undefined;
  }

  /** Checks the public address and, when it changed (or `force`), tells the provider. */
  async run(id: number, force = false): Promise<DdnsAccount> {
    const row = this.row(id);
    if (!row) throw notFound();
    if (this.running.has(id)) return toAccount(row);
    this.running.add(id);
    const account = toAccount(row);
    let result: string;
    let failure: DdnsFailure | null = null;
    let ip = account.last_ip;
    try {
      ip = await this.updater.publicAddress({
        ip_source: account.ip_source,
        check_url: account.check_url || DEFAULT_CHECK_URL,
        interface: account.interface,
      });
      const binding = ddnsSecretBinding(account);
      // Only where it was saved for: settings changed behind the routes' back do not get the stored secret.
      const secret = row.secret && bindingChange(row.secret_binding, binding) === null ? row.secret : '';
      if (!force && ip === account.last_ip && account.last_result?.startsWith('ok')) {
        result = `ok: address unchanged (${ip})`;
      } else if (row.secret && !secret && binding.usesSecret) {
        result = 'error: the stored secret was saved for other settings; type it again';
        failure = {
          stage: 'update',
          kind: 'secret',
          message: 'the stored secret was saved for other settings; type it again',
        };
      } else {
        const outcome = await this.updater.update({ ...account, secret }, ip);
        result = `${outcome.ok ? 'ok' : 'error'}: ${outcome.result}`;
        failure = outcome.failure ?? null;
        this.ctx.audit.record(
          'dns',
          `dynamic DNS update of ${auditText(account.hostname)}: ${auditText(result, 120)}`,
        );
      }
    } catch (e) {
      failure = describeRequestError(e, 'check', account.hostname);
      result = `error: ${auditText(failure.message, 120)}`;
    } finally {
      this.running.delete(id);
    }
    const now = this.ctx.now();
    this.ctx.db
      .prepare(
        `UPDATE ddns_accounts SET last_ip = ?, last_result = ?, last_update_at = ?, next_check_at = ?,
           failing_since = ?, failure = ? WHERE id = ?`,
      )
      .run(
        result.startsWith('ok') ? ip : account.last_ip,
        result,
        now,
        now + account.interval_seconds * 1000,
        result.startsWith('ok') ? null : (account.failing_since ?? now),
        result.startsWith('ok')
          ? null
          : JSON.stringify(
              failure ?? { stage: 'update', kind: 'other', message: result.replace(/^error: /, '') },
            ),
        id,
      );
    return toAccount(this.row(id) as Row);
  }

  /** Updates every enabled account that is due, one after the other. */
  async tick(): Promise<void> {
    const due = this.list().filter((a) => a.enabled && (a.next_check_at ?? 0) <= this.ctx.now());
    for (const a of due) await this.run(a.id);
  }

  start(): void {
    this.timer = setInterval(() => {
      // A server closed without its hooks (a crashed test, a failed start) must not tick on a closed database.
      if (!this.ctx.db.open) return this.stop();
      this.tick().catch(() => undefined); // each account's failure is recorded on it; nothing else can throw here
    }, DDNS_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

export async function registerDynamicDnsRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  service: DdnsService,
): Promise<void> {
  const { db } = ctx;
  const audit = (req: Parameters<typeof currentUser>[0], what: string) =>
    ctx.audit.record('dns', `${what} by "${auditText(currentUser(req).username)}"`);

  const access = { access: area('dns') };
  contractRoute(scope, dns.getDynamic, access, async () => ({
    providers: DDNS_PROVIDERS.map(({ id, name, protocol }) => ({ id, name, protocol })),
    accounts: service.list(),
  }));

  contractRoute(scope, dns.dynamicAccounts.add, access, async (req, reply) => {
    const errors = checkAccount(req.body, false);
    if (errors.length) throw new HttpError(422, errors);
    const hostname = req.body.hostname.toLowerCase();
    const id = inTransaction(db, () => {
      if (service.list().some((a) => a.hostname === hostname && a.provider === req.body.provider))
        throw new HttpError(422, [
          fieldError(
            'hostname',
            'an account for this host name and provider already exists',
            'value_error.duplicate',
          ),
        ]);
      const id = insertAccountRow(db, storedAccount(req.body), ctx.now());
      if (req.body.secret)
        setAccountSecret(db, id, req.body.secret, bindingText(ddnsSecretBinding(req.body)));
      return id;
    });
    audit(req, `dynamic DNS account "${auditText(hostname)}" added`);
    return reply.code(201).send(service.list().find((a) => a.id === id));
  });

  contractRoute(scope, dns.dynamicAccounts.replace, access, async (req) => {
    const id = Number(req.params.id);
    const row = db.prepare('SELECT secret, secret_binding FROM ddns_accounts WHERE id = ?').get(id) as
      { secret: string | null; secret_binding: string | null } | undefined;
    if (!row) throw notFound();
    const errors = checkAccount(req.body, !!row.secret);
    // A kept secret stays with what it was saved for; one the new settings never send is dropped, not kept.
    const binding = ddnsSecretBinding(req.body);
    const rebind = row.secret && !req.body.secret ? bindingChange(row.secret_binding, binding) : null;
    if (rebind && binding.usesSecret)
      errors.push(fieldError('secret', retypeMessage('password or token', rebind), RETYPE_ERROR));
    if (errors.length) throw new HttpError(422, errors);
    inTransaction(db, () => {
      updateAccountRow(db, id, storedAccount(req.body), ctx.now());
      if (req.body.secret) setAccountSecret(db, id, req.body.secret, bindingText(binding));
      else if (rebind) dropAccountSecret(db, id);
    });
    audit(req, `dynamic DNS account "${auditText(req.body.hostname)}" changed`);
    const account = service.list().find((a) => a.id === id);
    if (!account) throw notFound();
    return account;
  });

  contractRoute(scope, dns.dynamicAccounts.remove, access, async (req, reply) => {
    const account = service.list().find((a) => a.id === Number(req.params.id));
    if (!account) throw notFound();
    inTransaction(db, () => deleteAccountRow(db, account.id));
    audit(req, `dynamic DNS account "${auditText(account.hostname)}" deleted`);
    return reply.code(204).send();
  });

  contractRoute(scope, dns.dynamicAccounts.removeMany, access, async (req) => {
    const known = new Set(service.list().map((a) => a.id));
    const missing = req.body.ids.filter((id) => !known.has(id));
    if (missing.length)
      throw new HttpError(422, [
        {
          loc: ['body', 'ids', req.body.ids.indexOf(missing[0])],
          msg: 'no such item',
          type: 'value_error.not_found',
          ctx: { ids: missing },
        },
      ]);
    inTransaction(db, () => {
      for (const id of req.body.ids) deleteAccountRow(db, id);
    });
    audit(req, `${req.body.ids.length} dynamic DNS accounts deleted`);
    return { deleted: req.body.ids.length };
  });

  contractRoute(scope, dns.updateDynamicAccount, access, async (req) =>
    service.run(Number(req.params.id), true),
  );
}
