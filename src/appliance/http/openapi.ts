/**
 * The OpenAPI 3.1 document of the appliance (issue 27 §1), built from the routes the server actually registered:
 * every route under the API, auth and event-stream bases, as `requireDeclaredAccess` (routeAccess.ts) recorded it,
 * with its Fastify schemas (body, querystring, params: the JSON Schema the appliance's Ajv validates with, often
 * TypeBox contracts of src/shared/contracts/) and its declared access.
 *
 * - Paths: Fastify's `/users/:id` becomes `/users/{id}`; HEAD routes mirror their GET and are not listed apart.
 * - Parameters: the properties of the `params` and `querystring` object schemas; a path parameter without a schema is
 *   a string.
 * - Access: `x-rampart-access` (the declared access, `who` in words, `reauth`, `cookieless`), the same words in the
 *   description, and `security` (none for public routes; the session cookie, with the XSRF header on changes, or a
 *   bearer token from `POST {auth}/token`).
 * - Answers: a route registered from a contract (http/contractRoute.ts) states its response schema under its success
 *   status (with the other media types it answers in, `alsoAnswers`), or its redirect (status and `Location`);
 *   otherwise a list endpoint's page (`listPage` of the listing contract), or a JSON answer without a schema yet.
 *   Error answers reference the shared shapes of http/errors.ts.
 * - Bodies: JSON, and a form too when the contract says `form` (the sign-in routes).
 *
 * `GET {api}/openapi.json` (signed in) answers it, built once when the server is ready.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import pkg from '../../../package.json';
import type { Access } from '../../shared/access';
import type { AnyEndpoint, RawBody } from '../../shared/contracts/endpoint';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../../shared/http';
import type { ApplianceContext } from '../context';
import { TOKEN_PATH } from '../../shared/http';
import { routeKey } from '../revisions/capture';
import { EXEMPT_WRITES, SELF_RECORDING } from '../revisions/exempt';
import { CHANGE_REASON_MAX } from '../../shared/contracts/revisions';
import { declaredRoutes, type DeclaredRoute } from './routeAccess';
import { API_BODY_LIMIT } from './scope';
import { contractRoute } from './contractRoute';
import { getOpenApiDocument, type OpenApiDocument } from '../../shared/contracts/console';

type Json = Record<string, unknown>;

/** What the document says of each operation, beside OpenAPI's own fields. */
export interface AccessExtension {
  access: Access;
  who: string;
  reauth: boolean;
  cookieless: boolean;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** JSON Schema as plain data: TypeBox's symbol keys dropped, nothing shared with the live route schema. */
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema ?? {})) as Json;

/** `/api/users/:id` → `/api/users/{id}`; a wildcard `*` becomes `{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

const pathParamsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);

const words = (s: string) =>
  s
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A stable id from method and path: `GET /api/users/{id}` → `getApiUsersById`. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((seg) =>
      seg.startsWith('{')
        ? `By${words(seg).map(cap).join('')}`
        : words(seg)
            .map((w) => cap(w))
            .join(''),
    );
  return `${method.toLowerCase()}${parts.join('')}`;
}

/** The area a path belongs to: its first segment after the API base (`/api/users/…` → `users`, `/eos/…` → `eos`). */
export function tagOf(url: string, apiPrefix: string): string {
  const rest = apiPrefix && url.startsWith(`${apiPrefix}/`) ? url.slice(apiPrefix.length) : url;
  const first = rest.split('/').filter(Boolean)[0] ?? 'api';
  return first.replace(/^:/, '').replace(/\.json$/, '') || 'api';
}

function parametersOf(route: DeclaredRoute, path: string): Json[] {
  const out: Json[] = [];
  const schema = route.schema ?? {};
  const params = plain(schema.params);
  const props = (params.properties ?? {}) as Record<string, Json>;
  for (const name of pathParamsOf(path)) {
    const source = name === 'path' && !(name in props) ? props['*'] : props[name];
    const { description, ...rest } = (source ?? { type: 'string' }) as Json;
    out.push({
      name,
      in: 'path',
      required: true,
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    });
  }
  const query = plain(schema.querystring ?? (schema as { documentedQuery?: unknown }).documentedQuery);
  const required = new Set((query.required as string[] | undefined) ?? []);
  for (const [name, s] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
    const { description, ...rest } = s;
    out.push({
      name,
      in: 'query',
      required: required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    });
  }
  return out;
}

/** Writes that may change the configuration take the reason recorded with their revision (src/appliance/revisions). */
function changeReasonOf(
  route: DeclaredRoute,
  ctx: Pick<ApplianceContext, 'apiPrefix' | 'authPrefix'>,
): Json[] {
  if (route.method === 'GET' || route.method === 'HEAD' || !route.url.startsWith(`${ctx.apiPrefix}/`))
    return [];
  const key = routeKey(ctx, route.method, route.url);
  if (key in EXEMPT_WRITES && !SELF_RECORDING.has(key)) return [];
  return [
    {
      name: 'X-Change-Reason',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: CHANGE_REASON_MAX },
      description: 'Why the change is made; recorded with its revision (`GET revisions`).',
    },
  ];
}

function requestBodyOf(route: DeclaredRoute): Json | undefined {
  if (SAFE.has(route.method)) return undefined;
  const declared = route.schema as { documentedBody?: unknown; upload?: RawBody } | undefined;
  // A raw upload (contractRoute's `upload`): its media types, each a string of bytes.
  if (declared?.upload)
    return {
      required: true,
      description: declared.upload.description,
      content: Object.fromEntries(
        declared.upload.mediaTypes.map((t) => [
          t,
          { schema: { type: 'string', contentMediaType: t, maxLength: declared.upload?.maxBytes } },
        ]),
      ),
    };
  const body = route.schema?.body ?? declared?.documentedBody;
  if (body) {
    const schema = plain(body);
    const content: Json = { 'application/json': { schema } };
    // The sign-in routes take the browser's form posts too (any route does; their contracts say they are meant for it).
    if ((route.schema as { form?: true } | undefined)?.form)
      content['application/x-www-form-urlencoded'] = { schema };
    return { required: true, content };
  }
  // Routes that raise the body limit without a JSON schema take raw bytes (package files, images).
  if ((route.bodyLimit ?? API_BODY_LIMIT) > API_BODY_LIMIT)
    return {
      required: true,
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    };
  return undefined;
}

function securityOf(route: DeclaredRoute): Json[] {
  if (route.access === 'public') return [];
  const cookie = SAFE.has(route.method) ? { sessionCookie: [] } : { sessionCookie: [], xsrfHeader: [] };
  return [cookie, { bearerToken: [] }];
}

function descriptionOf(route: DeclaredRoute, tokenPath: string): string {
  const lines = [`Who may call it: ${route.who}.`];
  if (route.reauth)
    lines.push(
      'Needs a recent sign-in: a session that signed in or re-authenticated too long ago gets 403 `reauth_required`.',
    );
  if (route.cookieless)
    lines.push(
      'Cookieless: it sets and reads no cookie, so a request without a Cookie header needs no XSRF header.',
    );
  if (route.access !== 'public' && !SAFE.has(route.method))
    lines.push(
      `With the session cookie, send the XSRF header; a bearer token from \`POST ${tokenPath}\` needs none.`,
    );
  return lines.join('\n\n');
}

/** The success answer a route's contract declares (`schema.response[status]`, src/appliance/http/contractRoute.ts). */
function declaredResponse(route: DeclaredRoute): { status: string; schema: Json } | null {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  const status = Object.keys(response ?? {}).find((k) => /^2\d\d$/.test(k));
  return status && response ? { status, schema: plain(response[status]) } : null;
}

function responsesOf(route: DeclaredRoute, path: string): Json {
  const declared = declaredResponse(route);
  const stated = route.schema as
    { alsoAnswers?: AnyEndpoint['alsoAnswers']; redirect?: AnyEndpoint['redirect'] } | undefined;
  if (declared) {
    // Other media types of the same answer (CSV), each a string of them.
    const also = stated?.alsoAnswers;
    const description = (declared.schema.description as string | undefined) ?? 'The answer.';
    const out: Json = {
      [declared.status]:
        declared.status === '204'
          ? { description: 'Done; no content.' }
          : {
              description: also ? `${description} ${also.description}` : description,
              content: {
                'application/json': { schema: declared.schema },
                ...Object.fromEntries(
                  (also?.mediaTypes ?? []).map((t) => [
                    t,
                    { schema: { type: 'string', contentMediaType: t } },
                  ]),
                ),
              },
            },
    };
    return { ...out, ...errorResponsesOf(route, path) };
  }
  // A redirect: its status and the Location it sends the browser to.
  if (stated?.redirect)
    return {
      [String(stated.redirect.status)]: {
        description: stated.redirect.description,
        headers: {
          Location: {
            required: true,
            description: 'Where the browser goes next.',
            schema: { type: 'string', format: 'uri-reference' },
          },
        },
      },
      ...errorResponsesOf(route, path),
    };
  const download = (route.schema as { download?: AnyEndpoint['download'] } | undefined)?.download;
  if (download)
    return {
      '200': {
        description: download.description,
        content: Object.fromEntries(
          download.mediaTypes.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }]),
        ),
      },
      ...errorResponsesOf(route, path),
    };
  const events = (route.schema as { events?: Record<string, unknown> } | undefined)?.events;
  if (events) return { '200': streamResponseOf(events), ...errorResponsesOf(route, path) };
  // Every list states its page through its contract (`listPage(item)`); what is left here states nothing, and the
  // OpenAPI test names it.
  const ok: Json = route.url.startsWith('/eos/')
    ? {
        description: 'Server-sent events (one JSON object a `data:` line) until the client goes.',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      }
    : { description: 'The answer (JSON unless said otherwise).', content: { 'application/json': {} } };
  return { '200': ok, ...errorResponsesOf(route, path) };
}

/**
 * A stream declared from its contract (http/streamRoute.ts): the event names in words and, as `x-rampart-events`,
 * each event's data schema (OpenAPI 3.1 has no field for the events of a `text/event-stream`).
 */
function streamResponseOf(events: Record<string, unknown>): Json {
  const names = Object.keys(events).map((n) => `\`${n}\``);
  return {
    description: `Server-sent events (\`data:\` one JSON value) until the client goes: ${names.join(', ')}.`,
    content: {
      'text/event-stream': {
        schema: { type: 'string' },
        'x-rampart-events': Object.fromEntries(Object.entries(events).map(([n, s]) => [n, plain(s)])),
      },
    },
  };
}

function errorResponsesOf(route: DeclaredRoute, path: string): Json {
  const out: Json = {};
  const validated =
    route.schema?.body ||
    (route.schema as { documentedBody?: unknown } | undefined)?.documentedBody ||
    route.schema?.querystring ||
    route.schema?.params;
  if (validated) out['422'] = { $ref: '#/components/responses/ValidationError' };
  if (route.access !== 'public') out['401'] = { $ref: '#/components/responses/NotAuthenticated' };
  if ((route.access !== 'public' && route.access !== 'session') || route.reauth)
    out['403'] = { $ref: '#/components/responses/Forbidden' };
  if (pathParamsOf(path).length) out['404'] = { $ref: '#/components/responses/NotFound' };
  if (!SAFE.has(route.method)) out['409'] = { $ref: '#/components/responses/Conflict' };
  return out;
}

const errorItem = Type.Object(
  {
    loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), {
      description: 'Where: `body`, `query`, `path` or `header`, then the field’s path.',
    }),
    msg: Type.String({ description: 'What is wrong, in words.' }),
    type: Type.String({ description: 'A stable code, such as `value_error.missing`.' }),
    ctx: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { description: 'One problem with the request (pydantic style).' },
);

function components(ctx: Pick<ApplianceContext, 'authPrefix'>): Json {
  const detailText = plain(
    Type.Object({
      detail: Type.Union([
        Type.String(),
        Type.Object({ code: Type.Union([Type.String(), Type.Integer()]), message: Type.String() }),
      ]),
    }),
  );
  const items = {
    type: 'object',
    required: ['detail'],
    properties: { detail: { type: 'array', items: { $ref: '#/components/schemas/ErrorItem' } } },
  };
  const response = (description: string, schema: string): Json => ({
    description,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
  });
  return {
    securitySchemes: {
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: `The console's session, set by \`POST ${ctx.authPrefix}/login\`.`,
      },
      xsrfHeader: {
        type: 'apiKey',
        in: 'header',
        name: XSRF_HEADER,
        description: `With cookies, every change echoes the \`${XSRF_COOKIE}\` cookie (\`__Host-${XSRF_COOKIE}\` over HTTPS) in this header.`,
      },
      bearerToken: {
        type: 'http',
        scheme: 'bearer',
        description: `For programs: \`POST ${ctx.authPrefix}${TOKEN_PATH}\` with \`username\`, \`password\` (and \`otp\`) answers \`{access_token, token_type, expires_in}\`; send \`Authorization: Bearer <access_token>\`. No cookie, no XSRF header.`,
      },
    },
    schemas: {
      ErrorItem: plain(errorItem),
      ValidationErrors: items,
      ErrorText: detailText,
    },
    responses: {
      ValidationError: response(
        'The request does not fit the endpoint’s schema: one item per problem.',
        'ValidationErrors',
      ),
      NotAuthenticated: response('No session or token, or it ended (`Not authenticated`).', 'ErrorText'),
      Forbidden: response(
        'The account lacks the privilege, or a recent sign-in is needed (`detail.code` `reauth_required`).',
        'ErrorText',
      ),
      NotFound: response('No such resource (`Resource does not exist`).', 'ErrorText'),
      Conflict: response(
        'The change conflicts with the current state: one item per problem.',
        'ValidationErrors',
      ),
    },
  };
}

/** The document for a server's registered routes (call once it is ready: routes register until then). */
export function buildOpenApi(
  routes: readonly DeclaredRoute[],
  ctx: Pick<ApplianceContext, 'apiPrefix' | 'authPrefix'>,
): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const ids = new Set<string>();
  const tags = new Set<string>();
  const tokenPath = `${ctx.authPrefix}${TOKEN_PATH}`;
  const sorted = [...routes]
    .filter((r) => r.method !== 'HEAD')
    .sort((a, b) => (a.url === b.url ? a.method.localeCompare(b.method) : a.url.localeCompare(b.url)));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    let id = operationIdOf(route.method, path);
    for (let n = 2; ids.has(id); n++) id = `${operationIdOf(route.method, path)}${n}`;
    ids.add(id);
    const tag = tagOf(route.url, ctx.apiPrefix);
    tags.add(tag);
    const extension: AccessExtension = {
      access: route.access,
      who: route.who,
      reauth: route.reauth,
      cookieless: route.cookieless,
    };
    const body = requestBodyOf(route);
    const parameters = [...parametersOf(route, path), ...changeReasonOf(route, ctx)];
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: id,
      summary: (route.schema as { summary?: string } | undefined)?.summary ?? `${route.method} ${path}`,
      description: descriptionOf(route, tokenPath),
      tags: [tag],
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      security: securityOf(route),
      responses: responsesOf(route, path),
      'x-rampart-access': extension,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rampart appliance API',
      version: pkg.version,
      description: [
        'The endpoints of the Rampart console, as the appliance registers them.',
        `Browsers sign in with \`POST ${ctx.authPrefix}/login\`: the session cookie \`${SESSION_COOKIE}\`, and every change echoes the \`${XSRF_COOKIE}\` cookie in the \`${XSRF_HEADER}\` header.`,
        `Programs ask \`POST ${tokenPath}\` for a bearer token and send \`Authorization: Bearer <token>\` (no cookie, no XSRF header).`,
        'Errors: `{detail: string}` (401, 403, 404), or `{detail: [{loc, msg, type}]}` items for a request that does not fit (400, 409, 422).',
        'Each operation states who may call it (`x-rampart-access`).',
      ].join('\n\n'),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    security: [],
    tags: [...tags].sort().map((name) => ({ name, description: `The ${name} endpoints.` })),
    paths,
    components: components(ctx),
  };
}

/** `GET {api}/openapi.json`: the document, built when the server is ready (every route is registered by then). */
export function registerOpenApi(scope: FastifyInstance, root: FastifyInstance, ctx: ApplianceContext): void {
  let doc: Json | null = null;
  root.addHook('onReady', async () => {
    doc = buildOpenApi(declaredRoutes(root), ctx);
  });
  contractRoute(scope, getOpenApiDocument, { access: 'session' }, async () => {
    doc ??= buildOpenApi(declaredRoutes(root), ctx);
    return doc as OpenApiDocument;
  });
}
