/**
 * The browser build's view of src/shared/contracts (webpack.config.ts applies this to those modules only, in the
 * production client build; the server, Jest and development builds see the contracts as written).
 *
 * - Every call that builds a module-level value (`export const Users = Type.Object(…)`, `endpoint({…})`,
 *   `listQuery(…)`, `stringEnum(…)`) is marked `#__PURE__`: the contracts only declare values, so a schema no
 *   page imports is dropped by the minifier instead of running (and shipping) for nothing. Calls inside functions
 *   are left alone: they run when the function does, and may well be there for their effect.
 * - An `endpoint({…})` literal loses the properties only the appliance reads (its schemas, which it validates and
 *   serialises with, and what only the OpenAPI document states). The console calls a descriptor with its method,
 *   path, status, form, upload and download alone (src/api/client.ts, the resources slice); a form's rules come from
 *   the schema it imports by name (`rulesOf(dns.UpstreamBody, …)`), which stays.
 */

/** Descriptor properties the console never reads. */
const SERVER_ONLY = new Set(['params', 'query', 'body', 'response', 'summary', 'alsoAnswers', 'redirect']);

const PURE = '#__PURE__';

const keyName = (property) => {
  if (property.computed) return property.key.type === 'StringLiteral' ? property.key.value : undefined;
  return property.key.type === 'Identifier' ? property.key.name : property.key.value;
};

module.exports = function contractsForClient({ types: t }) {
  const markPure = (node) => {
    if (!node.leadingComments?.some((c) => c.value.trim() === PURE)) t.addComment(node, 'leading', PURE);
  };

  /** Annotates the calls that run while `init` is evaluated (not those inside functions it defines). */
  const annotate = (init) => {
    if (init.isCallExpression() || init.isNewExpression()) markPure(init.node);
    init.traverse({
      Function(p) {
        p.skip();
      },
      'CallExpression|NewExpression'(p) {
        markPure(p.node);
      },
    });
  };

  return {
    name: 'contracts-for-client',
    visitor: {
      Program(program) {
        for (const statement of program.get('body')) {
          const declaration = statement.isExportNamedDeclaration() ? statement.get('declaration') : statement;
          if (!declaration.isVariableDeclaration({ kind: 'const' })) continue;
          for (const declarator of declaration.get('declarations')) {
            const init = declarator.get('init');
            if (init.node) annotate(init);
          }
        }
      },
      CallExpression(call) {
        const callee = call.get('callee');
        const [spec] = call.get('arguments');
        if (!callee.isIdentifier({ name: 'endpoint' }) || !spec?.isObjectExpression()) return;
        // Only the descriptor factory of ./endpoint, not a local function of the same name.
        const binding = call.scope.getBinding('endpoint');
        if (!binding || binding.kind !== 'module') return;
        for (const property of spec.get('properties')) {
          if (property.isObjectProperty() && SERVER_ONLY.has(keyName(property.node))) property.remove();
        }
      },
    },
  };
};

module.exports.SERVER_ONLY = SERVER_ONLY;
