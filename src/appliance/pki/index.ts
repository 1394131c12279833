/**
 * The PKI of the appliance: certificate authorities, certificates, revocation lists and ACME orders, under
 * `{api}pki/…` (admin only). Private keys are sealed with a key derived from `<dataDir>/pki-secret.key`.
 * Schema in its own migration namespace (`pki`).
 */
import type { FastifyInstance } from 'fastify';
import type { ApplianceContext } from '../context';
import { migrate } from '../db/database';
import { applyApiConventions } from '../http/scope';
import type { PkiContext } from './context';
import { deriveSealingKey, KeyStore, loadApplianceSecret } from './keys';
import { pkiMigrations } from './migrations';
import { registerCaRoutes } from './routes/cas';
import { registerCertificateRoutes } from './routes/certificates';

export async function registerPki(app: FastifyInstance, ctx: ApplianceContext): Promise<PkiContext> {
  migrate(ctx.db, 'pki', pkiMigrations);
  const keys = new KeyStore(ctx.db, deriveSealingKey(loadApplianceSecret(ctx.config.dataDir)), ctx.now);
  const p: PkiContext = {
    app: ctx,
    keys,
    onRevocationsChanged: async () => {},
  };
  await app.register(
    async (api) => {
      applyApiConventions(api);
      registerCaRoutes(api, p);
      registerCertificateRoutes(api, p);
    },
    { prefix: ctx.apiPrefix },
  );
  return p;
}
