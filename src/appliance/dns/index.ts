/**
 * DNS over HTTP (admin only): the proxy's settings and lists, the preview of the generated unbound.conf, applying
 * it as a job, and the dynamic DNS accounts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { auditText } from '../audit';
import { currentUser } from '../auth/guards';
import { inTransaction, type ApplianceContext } from '../context';
import { migrate } from '../../storage/sqlite';
import { HttpError } from '../http/errors';
import { registerList } from '../apply/collections';
import { portClashes } from '../apply/ports';
import type { ApplyManager, ManagedService } from '../apply/manager';
import { runCheck } from '../apply/tools';
import { DdnsService, registerDynamicDnsRoutes } from './dynamic';
import { dnsMigrations } from './migrations';
import {
  accessList,
  checkSettings,
  domainOverrideList,
  hostOverrideList,
  readDnsSnapshot,
  readSettings,
  restoreDnsSnapshot,
  upstreamList,
  writeSettings,
  type DnsSnapshot,
} from './proxy';
import { seedDnsFactory } from './factory';
import { registerDnsSections } from './section';
import { renderUnbound, unboundConfPath } from './unbound';
import { DdnsUpdater, type UpdaterOptions } from './updater';
import { area } from '../http/routeAccess';
import { registerQueryLog } from './querylog';
import { contractRoute } from '../http/contractRoute';
import * as dns from '../../shared/contracts/dns';

/** Runs the real checker on a rendered unbound.conf (in a temporary directory, so nothing half-checked is live). */
export async function checkUnbound(content: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-unbound-'));
  try {
    const file = path.join(dir, 'unbound.conf');
    fs.writeFileSync(file, content);
    return await runCheck('unbound-checkconf', [file]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function dnsService(ctx: ApplianceContext): ManagedService<DnsSnapshot> {
  return {
    name: 'dns',
    label: 'DNS proxy',
    snapshot: () => readDnsSnapshot(ctx.db),
    restore: (s) => restoreDnsSnapshot(ctx.db, s, ctx.now()),
    render: (s) => [
      { path: unboundConfPath(ctx.config.dataDir), content: renderUnbound(s, ctx.config.dataDir) },
    ],
    check: (files) => checkUnbound(files[0].content),
    // Changing the resolver cannot cut the admin off the console.
    lockoutChanges: () => [],
    ports: (s) => [s.settings.port],
  };
}

export interface DnsModule {
  ddns: DdnsService;
}

export async function registerDns(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
  updater: UpdaterOptions = {},
): Promise<DnsModule> {
  migrate(ctx.db, 'dns', dnsMigrations);
  seedDnsFactory(ctx.db, ctx.config, ctx.now());
  manager.register(dnsService(ctx));
  registerDnsSections(ctx);
  registerQueryLog(scope, ctx, manager);

  contractRoute(scope, dns.getProxy, { access: area('dns') }, async () => {
    const s = readDnsSnapshot(ctx.db);
    const { pending_changes, applied_at } = manager.preview('dns');
    return { ...s, status: { pending_changes, applied_at } };
  });

  contractRoute(scope, dns.putProxySettings, { access: area('dns') }, async (req) => {
    const errors = [...checkSettings(req.body), ...portClashes(ctx, 'dns', req.body.port)];
    if (errors.length) throw new HttpError(422, errors);
    inTransaction(ctx.db, () => writeSettings(ctx.db, req.body, ctx.now()));
    ctx.audit.record('dns', `DNS proxy settings changed by "${auditText(currentUser(req).username)}"`);
    return readSettings(ctx.db);
  });

  await registerList(scope, ctx, upstreamList, { access: area('dns') });
  await registerList(scope, ctx, hostOverrideList, { access: area('dns') });
  await registerList(scope, ctx, domainOverrideList, { access: area('dns') });
  await registerList(scope, ctx, accessList, { access: area('dns') });

  contractRoute(scope, dns.getProxyPreview, { access: area('dns') }, async () => manager.preview('dns'));

  contractRoute(scope, dns.applyProxy, { access: area('dns') }, async (req, reply) =>
    reply.code(202).send(manager.apply('dns', currentUser(req).username)),
  );

  const ddns = new DdnsService(ctx, new DdnsUpdater(updater));
  await registerDynamicDnsRoutes(scope, ctx, ddns);
  ddns.start();
  scope.addHook('onClose', async () => ddns.stop());
  return { ddns };
}
