/** The embedded Kratos-compatible identity service (mounted under the identity base). */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

export async function registerIdentityService(_app: FastifyInstance, _config: Config): Promise<void> {
  // The self-service flows register here.
}
