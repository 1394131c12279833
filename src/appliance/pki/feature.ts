/** The PKI as the assembly mounts it (../feature.ts): on the root server (its ACME routes and HTTPS listener). */
import { defineFeature } from '../feature';
import { pkiDashboardPart } from './dashboard';
import { registerPki } from './index';
import { pkiMigrations } from './migrations';

export const pkiFeature = defineFeature({
  name: 'pki',
  area: 'pki',
  migrations: [{ namespace: 'pki', list: pkiMigrations }],
  tables: [
    'pki_keys',
    'pki_cas',
    'pki_certificates',
    'pki_crls',
    'pki_acme_accounts',
    'pki_acme_orders',
    'pki_acme_challenges',
  ],
  sections: ['pki.authorities', 'pki.certificates', 'pki.crls', 'pki.acme'],
  offers: [
    'pkiTlsChoices',
    'pkiCaPems',
    'pkiEnsureCa',
    'pkiSignCsr',
    'pkiRevoke',
    'pkiEndings',
    'pkiCrlsDue',
    'pkiFailedAcmeOrders',
  ],
  dashboard: { area: 'pki', part: pkiDashboardPart },
  root: async (app, ctx, deps) => {
    const pki = await registerPki(app, ctx);
    // A certificate another feature uses (a forwarding target's) is not removed from under it.
    pki.usedBy.push(...deps.certificateUsers);
  },
});
