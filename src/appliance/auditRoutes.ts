/**
 * `GET {api}audit/verify` (admins): walks the hash-chained audit trail (auditChain.ts) and compares its end with the
 * head file; answers ok or the first broken record. `bin/rampart-audit-verify <data dir>` does the same offline.
 */
import type { FastifyInstance } from 'fastify';
import * as forwarding from '../shared/contracts/forwarding';
import { readAuditHead, verifyAuditChain } from './auditChain';
import type { ApplianceContext } from './context';
import { contractRoute } from './http/contractRoute';

export function registerAuditRoutes(scope: FastifyInstance, ctx: ApplianceContext): void {
  contractRoute(scope, forwarding.verifyAudit, { access: 'admin' }, async () => {
    const result = verifyAuditChain(ctx.db, readAuditHead(ctx.config.dataDir));
    return {
      ok: result.ok,
      records: result.records,
      seq: result.ok ? null : result.seq,
      detail: result.detail,
    };
  });
}
