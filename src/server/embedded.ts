/**
 * Mounts the embedded services when config says embedded (the default): the appliance API under the API base and
 * `/eos/` (with its log store receiving the audit trail, the live log stream and the syslog receiver), and the
 * identity service under the identity base. Each service is a Fastify plugin of its own.
 *
 * The two services share no code path and no database, but sign-ins are one concern: the identity service is handed
 * the appliance's sign-in throttle (one lock per name and address over the console, the token endpoint, SSH and
 * the identity service; an admin's unlock clears it) and the appliance's audit trail for its sign-in lines.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { registerAppliance } from '../appliance';
import { AuditService } from '../appliance/audit';
import { signInGate } from '../appliance/auth/lockout';
import { createEmbeddedLogs } from '../appliance/logs';
import { registerMetrics } from '../appliance/metrics';
import { registerIdentityService } from '../identity-service';
import type { InProcessReads } from '../service-kit/inProcessReads';

/** Mounts the services; answers the reads renders may take in process (see service-kit/inProcessReads.ts). */
export async function mountEmbeddedServices(app: FastifyInstance, config: Config): Promise<InProcessReads> {
  const logs = createEmbeddedLogs(config);
  const appliance = await registerAppliance(app, config, { logSink: logs.logSink });
  const logStore = await logs.mount(app);
  registerMetrics(app, config, { ctx: appliance.context, logs: logStore });
  await registerIdentityService(app, config, {
    signIns: signInGate(appliance.db),
    auditLine: (line) => appliance.context.audit.record(AuditService.auth, line),
  });
  return appliance.inProcessReads;
}
