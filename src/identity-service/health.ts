/**
 * The Kratos health checks (contract: `GET /health/alive`, `GET /health/ready`): alive answers while the server
 * accepts requests; ready also proves the identity database answers a query, else 503 with the reason.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../storage/sqlite';

export function registerHealth(scope: FastifyInstance, db: Db): void {
  const noStore = { 'cache-control': 'no-store' };
  scope.get('/health/alive', { config: { jsonOnly: true } }, async (_req, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );
  scope.get('/health/ready', { config: { jsonOnly: true } }, async (req, reply) => {
    try {
      db.prepare('SELECT 1').get();
      return reply.headers(noStore).send({ status: 'ok' });
    } catch (err) {
      req.log.warn({ err }, 'identity: database not ready');
      return reply
        .code(503)
        .headers(noStore)
        .send({ errors: { database: 'the identity database does not answer' } });
    }
  });
}
