/**
 * The configuration document's routes: `GET {api}config` (JSON, or YAML on `Accept: application/yaml`), `POST
 * {api}config/plan` and `PUT {api}config` (JSON or YAML bodies: yamlBody.ts reads YAML, bounded and off the event loop;
 * a large JSON body is read off it too, bodyPieces.ts). The plan is made in slices and a large one answered in slices
 * (slicedAnswer.ts): no other request waits while a large document is handled.
 */
import type { FastifyInstance } from 'fastify';
import YAML from 'yaml';
import { getConfig, planConfig, putConfig } from '../../shared/contracts/revisions';
import type { ApplyManager } from '../apply/manager';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { contractRoute } from '../http/contractRoute';
import { applyConfig } from './apply';
import { changeReason, methodOf } from './capture';
import { parseJsonBody } from './bodyPieces';
import { CONFIG_BODY_LIMIT, configDocument, planDocument } from './document';
import { closeConfigPool } from './offThread';
import { answerWithPlan } from './slicedAnswer';
import { parseYamlBody } from './yamlBody';

const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml'];

/** Whether the caller asks for YAML (`Accept: application/yaml`, or `text/yaml`). */
const wantsYaml = (accept: string | undefined) =>
  /\b(application\/(x-)?yaml|text\/yaml)\b/i.test(accept ?? '');

export function registerConfigDocument(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
): void {
  void scope.register(async (configScope) => {
    // The configuration document's routes read YAML as well as JSON.
    // Read up to the JSON limit, so that a YAML body over its own (smaller) limit is told so (yamlBody.ts).
    configScope.addContentTypeParser(
      YAML_TYPES,
      { parseAs: 'buffer', bodyLimit: CONFIG_BODY_LIMIT },
      (_req, body, done) => {
        parseYamlBody(body).then(
          (value) => done(null, value),
          (e: Error) => done(e, undefined),
        );
      },
    );
    // JSON as every API body is read (http/scope.ts), a large one on the worker (bodyPieces.ts).
    configScope.removeContentTypeParser('application/json');
    configScope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: CONFIG_BODY_LIMIT },
      (_req, body: Buffer, done) => {
        parseJsonBody(body).then(
          (value) => done(null, value),
          (e: Error) => done(e, undefined),
        );
      },
    );
    configScope.addHook('onClose', async () => closeConfigPool());

    // The whole configuration spans every area, so it is the admins'.
    contractRoute(configScope, getConfig, { access: 'admin' }, async (req, reply) => {
      const doc = configDocument(ctx);
      // YAML is text sent as it is (the JSON answer is the one the contract states and serialises).
      if (wantsYaml(req.headers.accept))
        return reply
          .header('content-disposition', 'inline; filename="rampart-config.yaml"')
          .type('application/yaml; charset=utf-8')
          .send(YAML.stringify(doc, { lineWidth: 0 }));
      void reply.header('content-disposition', 'inline; filename="rampart-config.json"');
      return doc;
    });
    contractRoute(
      configScope,
      planConfig,
      { access: 'admin' },
      async (req, reply) => {
        const plan = await planDocument(ctx, req.body);
        return answerWithPlan(reply, plan, plan.changes, (p) => ({ ...p, changes: [] }));
      },
      { bodyLimit: CONFIG_BODY_LIMIT },
    );
    contractRoute(
      configScope,
      putConfig,
      { access: 'admin' },
      async (req, reply) => {
        const result = await applyConfig(ctx, manager, req.body, {
          actor: currentUser(req).username,
          method: methodOf(req),
          source: req.ip ?? null,
          reason: changeReason(req),
          route: 'PUT /config',
          action: 'configuration document applied',
        });
        return answerWithPlan(reply, result, result.plan.changes, (r) => ({
          ...r,
          plan: { ...r.plan, changes: [] },
        }));
      },
      { bodyLimit: CONFIG_BODY_LIMIT },
    );
  });
}
