/**
 * A service's running state and its Start / Stop / Restart over HTTP, under the service's own path; each route
 * declares the service's area (reading needs its read privilege, the actions its write privilege).
 * Actions are audited under the service.
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceRoutes } from '../apply/features';
import { auditText, type AuditServiceName } from '../audit';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { HttpError } from '../http/errors';
import { area } from '../http/routeAccess';
import { contractRoute } from '../http/contractRoute';
import { SERVICE_ACTIONS } from '../../shared/contracts/services';
import type { ServiceAction, ServiceSupervisor } from './supervisor';

const PAST: Record<ServiceAction, string> = { start: 'started', stop: 'stopped', restart: 'restarted' };

export async function registerServiceRoutes(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  supervisor: ServiceSupervisor,
  name: AuditServiceName,
  routes: ServiceRoutes,
): Promise<void> {
  const { endpoints } = routes;
  contractRoute(scope, endpoints.state, { access: area(routes.area) }, async () => supervisor.state(name));

  for (const action of SERVICE_ACTIONS) {
    const config = { access: area(routes.area), reauth: routes.reauth };
    contractRoute(scope, endpoints[action], config, async (req) => {
      const unit = supervisor.unit(name)!;
      const before = await supervisor.state(name);
      if (action !== 'stop' && before.backend === 'off')
        throw new HttpError(409, [
          {
            loc: ['body'],
            msg: before.message ?? 'no daemon runs here',
            type: 'value_error.service_backend_off',
          },
        ]);
      if (action !== 'stop' && before.status === 'not_installed')
        throw new HttpError(409, [
          {
            loc: ['body'],
            msg: before.message ?? 'not installed',
            type: 'value_error.service_not_installed',
          },
        ]);
      if (action !== 'stop' && !before.enabled)
        throw new HttpError(409, [
          {
            loc: ['body'],
            msg: `${unit.label} is turned off in its applied settings: turn it on and apply`,
            type: 'value_error.service_disabled',
          },
        ]);
      const state = await supervisor.control(name, action);
      ctx.audit.record(
        name,
        `${unit.label} service ${PAST[action]} by "${auditText(currentUser(req).username)}"`,
      );
      return state;
    });
  }
}
