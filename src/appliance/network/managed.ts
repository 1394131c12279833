/**
 * Network preferences as a managed service of the safe apply (src/appliance/apply), like the DNS proxy and SSH:
 * saving stores the values; Apply runs the job that renders the files (under `<dataDir>/network/etc/` only),
 * checks them, writes them and records them as applied. A new host name or domain changes the name the console
 * may be reached by, so it opens the confirmation window: unless an admin keeps it in time, the previous values
 * and files come back.
 *
 * - `GET network/preferences` (signed in): values, platform time zones, whether saved values wait to be applied.
 * - `PUT network/preferences` (admin): checks and saves (422 items for bad host names, servers, time zones).
 * - `GET network/preferences/preview` (signed in): the files applying would write.
 * - `POST network/preferences/apply` (admin): 202 with the job's progress.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AuditService, auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import type { ApplyManager, ManagedService } from '../apply/manager';
import type { CheckResult } from '../apply/tools';
import {
  checkPreferences,
  parseResolvConf,
  readPreferences,
  timeZones,
  writePreferences,
  type NetworkPreferences,
} from './preferences';
import { NETWORK_LOCKOUT_FIELDS } from './lockout';
import { renderPreferences, renderRoot } from './render';
import { registerNetworkSection } from './section';
import { migrateNetwork } from './samples';
import { area } from '../http/routeAccess';
import {
  applyNetworkPreferences,
  getNetworkPreferences,
  getNetworkPreferencesPreview,
  putNetworkPreferences,
  type PreferencesAnswer,
} from '../../shared/contracts/system';
import { contractRoute } from '../http/contractRoute';

export const NETWORK_SERVICE = AuditService.network;

/**
 * The check step: the values still pass the API's rules, and the rendered resolver file reads back as the servers
 * and search domain it was rendered from (what a resolver would make of it).
 */
export function checkRendered(
  p: NetworkPreferences,
  files: Array<{ path: string; content: string }>,
  zones: ReadonlySet<string>,
): CheckResult {
  const items = checkPreferences(p, zones);
  if (items.length)
    return { status: 'failed', output: items.map((i) => `${i.loc.slice(1).join('.')}: ${i.msg}`).join('\n') };
  const resolv = files.find((f) => f.path.endsWith('/resolv.conf'));
  const read = parseResolvConf(resolv?.content ?? '');
  const servers = p.dns_servers.filter((s) => net.isIP(s) !== 0);
  if (JSON.stringify(read.nameservers) !== JSON.stringify(servers) || read.search !== p.domain)
    return {
      status: 'failed',
      output: 'resolv.conf does not read back as the configured servers and domain',
    };
  return { status: 'ok', output: '' };
}

export function networkService(
  ctx: ApplianceContext,
  zones: ReadonlySet<string>,
): ManagedService<NetworkPreferences> {
  const root = renderRoot(ctx.config.dataDir);
  return {
    name: NETWORK_SERVICE,
    label: 'network preferences',
    snapshot: () => readPreferences(ctx.db).value,
    restore: (s) => writePreferences(ctx.db, s, Math.floor(ctx.now() / 1000), 'system'),
    render: (s) => renderPreferences(s, root),
    check: (files) => Promise.resolve(checkRendered(readPreferences(ctx.db).value, files, zones)),
    lockoutChanges: (previous, next) =>
      NETWORK_LOCKOUT_FIELDS.filter(([k]) => previous[k] !== next[k]).map(([, label]) => label),
  };
}

export async function registerNetworkPreferences(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
): Promise<void> {
  const { db } = ctx;
  migrateNetwork(db);
  const zones = new Set(timeZones());
  manager.register(networkService(ctx, zones));
  registerNetworkSection(ctx, zones);

  const answer = (): PreferencesAnswer => {
    const stored = readPreferences(db);
    const { pending_changes, applied_at, applied_by } = manager.preview(NETWORK_SERVICE);
    return {
      data: stored.value,
      saved: stored.updatedAt !== null,
      updated_at: stored.updatedAt,
      updated_by: stored.updatedBy,
      status: { pending_changes, applied_at, applied_by },
      time_zones: [...zones],
    };
  };

  contractRoute(scope, getNetworkPreferences, { access: area('network') }, async () => answer());

  contractRoute(scope, putNetworkPreferences, { access: area('network') }, async (req) => {
    const items = checkPreferences(req.body, zones);
    if (items.length) throw new HttpError(422, items);
    const user = currentUser(req);
    inTransaction(db, () => writePreferences(db, req.body, Math.floor(ctx.now() / 1000), user.username));
    ctx.audit.record(
      NETWORK_SERVICE,
      `network preferences saved by "${auditText(user.username)}": host ${req.body.hostname}, time zone ${req.body.timezone}`,
    );
    return answer();
  });

  contractRoute(scope, getNetworkPreferencesPreview, { access: area('network') }, async () =>
    manager.preview(NETWORK_SERVICE),
  );

  contractRoute(scope, applyNetworkPreferences, { access: area('network') }, async (req, reply) =>
    reply.code(202).send(manager.apply(NETWORK_SERVICE, currentUser(req).username)),
  );
}
