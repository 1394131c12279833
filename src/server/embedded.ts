/**
 * Mounts the embedded services when config says embedded (the default): the appliance API under the API base and
 * `/eos/`, and the identity service under the identity base. Each service is a Fastify plugin of its own.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { registerAppliance } from '../appliance';
import { registerIdentityService } from '../identity-service';

export async function mountEmbeddedServices(app: FastifyInstance, config: Config): Promise<void> {
  await registerAppliance(app, config);
  await registerIdentityService(app, config);
}
