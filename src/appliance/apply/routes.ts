/** Changes awaiting confirmation (safe apply): list them, keep one. */
import type { FastifyInstance } from 'fastify';
import { currentUser, requireAdmin } from '../auth/guards';
import { notFound } from '../http/errors';
import type { ApplyManager } from './manager';

const idParams = {
  params: {
    type: 'object',
    additionalProperties: false,
    required: ['id'],
    properties: { id: { type: 'string', format: 'uuid' } },
  },
};

export async function registerApplyRoutes(scope: FastifyInstance, manager: ApplyManager): Promise<void> {
  scope.get('/apply/confirmations', { onRequest: requireAdmin }, async () => ({
    data: manager.pending(),
  }));

  scope.post<{ Params: { id: string } }>(
    '/apply/confirmations/:id/confirm',
    { schema: idParams, onRequest: requireAdmin },
    async (req) => {
      if (!manager.confirm(req.params.id, currentUser(req).username))
        throw notFound('No change awaits this confirmation (it was kept or already rolled back)');
      return { status: 'confirmed' };
    },
  );
}
