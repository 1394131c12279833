/** The embedded appliance API (mounted under the API base and /eos/). */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

export async function registerAppliance(_app: FastifyInstance, _config: Config): Promise<void> {
  // Routes, storage and jobs of the appliance register here.
}
