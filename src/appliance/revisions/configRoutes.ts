/**
 * The configuration document's routes: `GET {api}config` (JSON, or YAML on `Accept: application/yaml`), `POST
 * {api}config/plan` and `PUT {api}config` (JSON or YAML bodies; a YAML syntax error is a 400 naming its line).
 */
import type { FastifyInstance } from 'fastify';
import YAML from 'yaml';
import { getConfig, planConfig, putConfig } from '../../shared/contracts/revisions';
import type { ApplyManager } from '../apply/manager';
import { currentUser } from '../auth/guards';
import type { ApplianceContext } from '../context';
import { contractRoute } from '../http/contractRoute';
import { HttpError } from '../http/errors';
import { applyConfig } from './apply';
import { changeReason, methodOf } from './capture';
import { CONFIG_BODY_LIMIT, configDocument, planDocument } from './document';

const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml'];

/** Whether the caller asks for YAML (`Accept: application/yaml`, or `text/yaml`). */
const wantsYaml = (accept: string | undefined) =>
  /\b(application\/(x-)?yaml|text\/yaml)\b/i.test(accept ?? '');

/** A YAML body read as the JSON it stands for; a syntax error is a 400 naming its line and column. */
function parseYamlBody(text: string): unknown {
  const doc = YAML.parseDocument(text, { uniqueKeys: true });
  const problem = doc.errors[0];
  if (problem) {
    const at = problem.linePos?.[0];
    throw new HttpError(400, [
      {
        loc: ['body'],
        msg: `not valid YAML${at ? ` (line ${at.line}, column ${at.col})` : ''}: ${problem.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
        type: 'value_error.yamldecode',
        ...(at ? { ctx: { line: at.line, column: at.col } } : {}),
      },
    ]);
  }
  return doc.toJS({ maxAliasCount: 100 }) as unknown;
}

export function registerConfigDocument(
  scope: FastifyInstance,
  ctx: ApplianceContext,
  manager: ApplyManager,
): void {
  void scope.register(async (configScope) => {
    // The configuration document's routes read YAML as well as JSON.
    configScope.addContentTypeParser(
      YAML_TYPES,
      { parseAs: 'string', bodyLimit: CONFIG_BODY_LIMIT },
      (_req, body, done) => {
        try {
          done(null, parseYamlBody(String(body)));
        } catch (e) {
          done(e as Error, undefined);
        }
      },
    );

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
    contractRoute(configScope, planConfig, { access: 'admin' }, async (req) => planDocument(ctx, req.body), {
      bodyLimit: CONFIG_BODY_LIMIT,
    });
    contractRoute(
      configScope,
      putConfig,
      { access: 'admin' },
      async (req) =>
        applyConfig(ctx, manager, req.body, {
          actor: currentUser(req).username,
          method: methodOf(req),
          source: req.ip ?? null,
          reason: changeReason(req),
          route: 'PUT /config',
          action: 'configuration document applied',
        }),
      { bodyLimit: CONFIG_BODY_LIMIT },
    );
  });
}
