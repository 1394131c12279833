/**
 * The enrolment listener: a small HTTPS server of its own on the manager (`enrol_port`), whose server certificate
 * is from the Fleet CA, so a joining appliance that pinned the CA's fingerprint knows it talks to this manager
 * whatever the console's own TLS. One call, `POST /enrol` {code, csr}; the console's conventions (strict schemas,
 * error items, body limit) apply to it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { applyApiConventions } from '../http/scope';
import { enrolAnswer, enrolBody, type EnrolBody } from '../../shared/contracts/fleetEnrolment';
import type { Material } from './material';

export interface EnrolListener {
  address: string;
  close(): Promise<void>;
}

export async function startEnrolListener(
  options: { host: string; port: number; server: Material; caPem: string },
  handle: (body: EnrolBody, source: string) => Promise<unknown>,
): Promise<EnrolListener> {
  const app: FastifyInstance = Fastify({
    logger: false,
    https: { cert: options.server.certPem + options.caPem, key: options.server.keyPem },
    bodyLimit: 32 * 1024,
  });
  applyApiConventions(app);
  app.post('/enrol', { schema: { body: enrolBody, response: { 200: enrolAnswer } } }, async (req) =>
    handle(req.body as EnrolBody, req.ip),
  );
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ detail: 'Resource does not exist' }));
  await app.listen({ host: options.host, port: options.port });
  return { address: `${options.host}:${options.port}`, close: () => app.close() };
}
