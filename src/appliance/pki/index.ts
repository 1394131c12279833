/**
 * The PKI of the appliance: certificate authorities, certificates, revocation lists and ACME orders, under
 * `{api}pki/…` (admin only). Private keys are sealed with a key derived from `<dataDir>/pki-secret.key`.
 * Schema in its own migration namespace (`pki`).
 */
import type { FastifyInstance } from 'fastify';
import type { ApplianceContext } from '../context';
import { migrate } from '../../storage/sqlite';
import { applyApiConventions } from '../http/scope';
import type { PkiContext } from './context';
import { deriveSealingKey, KeyStore, loadApplianceSecret, PKI_KEYS_SEALED } from './keys';
import { registerSealedColumn } from '../secrets';
import { pkiMigrations } from './migrations';
import { registerCaRoutes } from './routes/cas';
import { registerCertificateRoutes } from './routes/certificates';
import { registerCrlRoutes } from './routes/crls';
import { generateCrl, refreshDueCrls } from './crls';
import { AcmeOrders } from './acme/orders';
import type { AcmeTiming } from './acme/client';
import { registerAcmeRootRoutes, registerAcmeRoutes } from './routes/acme';
import { registerHttpsListener, type HttpsListener } from './tls';
import { closePkiPool, setCryptoBudget } from './offThread';
import { registerPkiSections } from './section';
import { registerPkiOffers } from './offers';

/** How often due CRLs (and, later, ACME renewals) are looked for. */
export const PKI_TICK_MS = 60_000;

/** The PKI mounted with an appliance: its shared context, its ACME order runner and the console's HTTPS listener. */
export interface MountedPki extends PkiContext {
  acme: AcmeOrders;
  /** The console's HTTPS listener, when configured. */
  https?: HttpsListener;
}

const handles = new WeakMap<ApplianceContext, MountedPki>();

/** The PKI mounted with an appliance (for its scheduled work and tests). */
export function pkiOf(ctx: ApplianceContext): MountedPki {
  const p = handles.get(ctx);
  if (!p) throw new Error('the PKI is not registered with this appliance');
  return p;
}

export async function registerPki(
  app: FastifyInstance,
  ctx: ApplianceContext,
  options: { acmeTiming?: AcmeTiming } = {},
): Promise<MountedPki> {
  migrate(ctx.db, 'pki', pkiMigrations);
  registerPkiSections(ctx);
  registerSealedColumn(ctx, PKI_KEYS_SEALED);
  setCryptoBudget(ctx.config.cryptoBudgetSeconds * 1000);
  const keys = new KeyStore(ctx.db, deriveSealingKey(loadApplianceSecret(ctx.config.dataDir)), ctx.now);
  const p: PkiContext = {
    app: ctx,
    keys,
    usedBy: [],
    onRevocationsChanged: async (caId) => {
      await generateCrl(p, caId);
    },
  };
  registerPkiOffers(ctx, p);
  const orders = new AcmeOrders(p, options.acmeTiming);
  orders.failInterrupted();
  const mounted: MountedPki = Object.assign(p, { acme: orders });
  handles.set(ctx, mounted);
  await app.register(
    async (api) => {
      applyApiConventions(api);
      registerCaRoutes(api, p);
      registerCertificateRoutes(api, p);
      registerCrlRoutes(api, p);
      registerAcmeRoutes(api, p, orders);
    },
    { prefix: ctx.apiPrefix },
  );
  const streams = new Set<() => void>();
  await registerAcmeRootRoutes(app, p, orders, streams);
  const https = registerHttpsListener(app, p);
  mounted.https = https ?? undefined;

  // CRLs are renewed before their next update and ACME certificates before they expire; a failure is logged and
  // retried on the next round.
  const timer = setInterval(() => {
    refreshDueCrls(p).catch((e: unknown) => app.log.error({ err: e }, 'CRL refresh failed'));
    try {
      orders.renewDue();
      https?.reload();
    } catch (e) {
      app.log.error({ err: e }, 'ACME renewal or HTTPS certificate check failed');
    }
  }, PKI_TICK_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    for (const end of [...streams]) end();
    orders.stop();
    await closePkiPool();
  });
  return mounted;
}
