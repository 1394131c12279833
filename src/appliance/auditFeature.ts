/**
 * The hash-chained audit trail as the assembly mounts it (./feature.ts): the chain is made before the mount (every
 * record from the first start on is chained, auditChain.ts); this mounts its check route.
 */
import { auditChainMigrations } from './auditChain';
import { registerAuditRoutes } from './auditRoutes';
import { defineFeature } from './feature';

export const auditFeature = defineFeature({
  name: 'audit',
  migrations: [{ namespace: 'audit_chain', list: auditChainMigrations }],
  tables: ['audit_chain'],
  routes: (api, ctx) => registerAuditRoutes(api, ctx),
});
