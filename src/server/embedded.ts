/**
 * Mounts the embedded services when config says embedded (the default): the appliance API under `/api/` and
 * `/eos/`, and the identity service under the identity base. Each service is a Fastify plugin of its own.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

export async function mountEmbeddedServices(_app: FastifyInstance, _config: Config): Promise<void> {
  // The appliance API and the identity service register here.
}
