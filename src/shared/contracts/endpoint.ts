/**
 * One endpoint's contract, written once and read by both sides (issue 27 §1):
 *
 *   export const putProxySettings = endpoint({
 *     method: 'PUT',
 *     path: 'dns/proxy/settings',
 *     body: ProxySettings,
 *     response: ProxySettings,
 *     summary: 'Change the DNS proxy settings',
 *   });
 *
 * - `path` is relative to the API base, Fastify style: `dns/proxy/upstreams/:id` (each `:name` is a property of
 *   `params`). The appliance registers `/<path>` under its API scope (src/appliance/http/contractRoute.ts); the
 *   console builds the URL with `pathOf` (src/api/client.ts `api.call`, the resources hooks' `endpoint`).
 * - `params`, `query`, `body`, `response`: TypeBox schemas (JSON Schema). The appliance validates the request with the
 *   first three and serialises the answer with `response` (fields not in it are not sent); `Static<>` of each is the
 *   type of both sides (`ParamsOf`, `QueryOf`, `BodyOf`, `ResponseOf`).
 * - `status`: the success status (200 unless said: 201 for a creation, 202 for a job, 204 without an answer).
 * - `summary`: one line for the OpenAPI document.
 * - `upload` (instead of `body`): the request body is a file's raw bytes, not JSON — the media types the route takes
 *   and its size limit (the appliance's `contractRoute` registers the parser and the limit from it, the OpenAPI
 *   document lists the media types; the console sends a `Blob`).
 * - `download` (instead of `response`): the answer is raw bytes (an image, a certificate file), of these media
 *   types; a GET's, or a POST's whose body asks for the file (a PKI export).
 * - `alsoAnswers` (beside `response`): the same answer in other media types when the request asks for one (the
 *   message acceptances as CSV on `format=csv`); the OpenAPI document lists them beside JSON.
 * - `redirect` (instead of `response`): the answer is a redirect (302/303) whose `Location` is the next page (an
 *   OpenID sign-in's start and callback); the document states the status and the Location header.
 * - `form`: the body is also taken as a browser's form (`application/x-www-form-urlencoded`: the sign-in routes),
 *   and the console sends it as one (an empty form when the endpoint has no body).
 *
 * Access (`config.access`, `reauth`) stays on the appliance's registration: it is the appliance's policy, not part
 * of what a caller sends.
 */
import type { Static, TSchema } from '@sinclair/typebox';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type SuccessStatus = 200 | 201 | 202 | 204;

export interface EndpointShape {
  method: EndpointMethod;
  /** Under the API base, without a leading slash; `:name` segments are the params. */
  path: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** What a success answers (none for 204). */
  response?: TSchema;
  status?: SuccessStatus;
  summary: string;
  /** The body is a file's raw bytes (not JSON): the media types taken, the largest size, what the bytes are. */
  upload?: RawBody;
  /** The answer is raw bytes (not JSON) of these media types. */
  download?: { mediaTypes: readonly string[]; description: string };
  /** Beside `response`: other media types the same answer comes in when asked for (CSV). */
  alsoAnswers?: { mediaTypes: readonly string[]; description: string };
  /** Instead of `response`: the answer is a redirect to `Location`. */
  redirect?: { status: 302 | 303; description: string };
  /** The body is taken form-encoded too, and the console sends a form. */
  form?: true;
}

/** A request body of raw bytes (`upload`). */
export interface RawBody {
  mediaTypes: readonly string[];
  maxBytes: number;
  description: string;
}

/**
 * An endpoint's method and path alone, without its schemas (src/shared/contracts/routes.ts). The contract module
 * builds the endpoint from it (`endpoint({ ...routes.getMe, response, summary })`), so the path is written once.
 */
export interface Route {
  readonly method: EndpointMethod;
  readonly path: string;
  /** The endpoint's `form`: the console sends the body as a form. */
  readonly form?: true;
}

/**
 * The route of endpoint `E`, typed as `E` (src/shared/contracts/shell.ts): `api.call(shell.getMe, …)` answers
 * `ResponseOf<typeof getMe>` and `urlOf(shell.getImage, …)` writes its address, without the schemas' code — for the
 * login page's first script, which must not carry TypeBox. `E` is only a type (`endpoint` is never set).
 */
export type RouteOf<E extends AnyEndpoint> = Pick<E, 'method' | 'path'> & {
  readonly form?: true;
  readonly endpoint?: E;
};

/** A declared endpoint (what `endpoint()` returns). */
export type Endpoint<E extends EndpointShape = EndpointShape> = Readonly<E> & { readonly kind: 'endpoint' };

/** Any declared endpoint, whatever its schemas. */
export type AnyEndpoint = Endpoint<EndpointShape>;

export function endpoint<E extends EndpointShape>(spec: E): Endpoint<E> {
  // Descriptors are static: the tests load every one of them, so the shape checks (and their messages) stay out of
  // production builds, where they would only weigh on the first script.
  if (process.env.NODE_ENV !== 'production') checkShape(spec);
  return Object.freeze({ ...spec, kind: 'endpoint' as const });
}

/** Refuses a descriptor whose params, body or raw bytes do not fit its path and method. */
function checkShape(spec: EndpointShape): void {
  const names = [...spec.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const declared = Object.keys(
    (spec.params as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
  );
  const missing = names.filter((n) => !declared.includes(n));
  if (missing.length || names.length !== declared.length)
    throw new Error(
      `endpoint ${spec.method} ${spec.path}: params must be exactly ${names.join(', ') || 'none'}`,
    );
  if (spec.path.startsWith('/')) throw new Error(`endpoint ${spec.path}: path is relative to the API base`);
  if (spec.upload && (spec.body || spec.method === 'GET' || spec.method === 'DELETE'))
    throw new Error(
      `endpoint ${spec.method} ${spec.path}: an upload is the body (no JSON body, not on ${spec.method})`,
    );
  if (spec.download && (spec.response || (spec.method !== 'GET' && spec.method !== 'POST')))
    throw new Error(
      `endpoint ${spec.method} ${spec.path}: a download is the answer of a GET or POST (no JSON response)`,
    );
  if (spec.body && (spec.method === 'GET' || spec.method === 'DELETE'))
    throw new Error(`endpoint ${spec.method} ${spec.path}: ${spec.method} takes no body`);
  if (spec.redirect && (spec.response || spec.download || spec.status))
    throw new Error(
      `endpoint ${spec.method} ${spec.path}: a redirect is the answer (no response, no status)`,
    );
  if (spec.alsoAnswers && !spec.response)
    throw new Error(`endpoint ${spec.method} ${spec.path}: other media types go beside a JSON response`);
  if (spec.form && (spec.upload || spec.method === 'GET' || spec.method === 'DELETE'))
    throw new Error(`endpoint ${spec.method} ${spec.path}: a form is the body of a POST, PUT or PATCH`);
}

/**
 * The same endpoint at another path: a route whose path the appliance's configuration may change (the login's
 * `authLoginPath`, the password change's `authChangePasswordPath`). Its schemas, and so its types, stay the
 * descriptor's; both sides derive the path from the same setting.
 */
export function atPath<E extends Route>(e: E, path: string): E {
  if (process.env.NODE_ENV !== 'production') checkShape({ summary: '', ...e, path });
  return Object.freeze({ ...e, path });
}

type StaticOf<T, Otherwise> = T extends TSchema ? Static<T> : Otherwise;

export type ParamsOf<E> = E extends { params: infer P } ? StaticOf<P, undefined> : undefined;
export type QueryOf<E> = E extends { query: infer Q } ? StaticOf<Q, undefined> : undefined;
/** The body's type: the schema's, or a `Blob` of the file's bytes for an `upload`. */
export type BodyOf<E> = E extends { upload: RawBody }
  ? Blob
  : E extends { body: infer B }
    ? StaticOf<B, undefined>
    : undefined;
/** The answer's type (`undefined` for an endpoint that answers nothing); of a route, its endpoint's (`RouteOf`). */
export type ResponseOf<E> = E extends { response: infer R }
  ? StaticOf<R, undefined>
  : E extends { readonly endpoint?: infer X }
    ? NonNullable<X> extends { response: infer R }
      ? StaticOf<R, undefined>
      : undefined
    : undefined;

/**
 * An answer read without trusting it: the contract's field names (nested objects too), each value still to be
 * checked. For the console's parsers that take an answer apart defensively (who-am-I, the style, the messages), so a
 * renamed field fails to compile while a value of the wrong type is still caught at run time.
 */
export type Unchecked<T> = T extends readonly unknown[]
  ? unknown
  : T extends object
    ? { [K in keyof T]?: Unchecked<T[K]> }
    : unknown;

type Field<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What a caller passes: `params` and `body` when the endpoint has them, `query` (optional) when it takes one. */
export type CallArgs<E> = Field<'params', ParamsOf<E>> &
  Field<'body', BodyOf<E>> & { query?: QueryOf<E> extends undefined ? undefined : QueryOf<E> };

/** The path of an endpoint with its params filled in (each value URI-encoded): `dns/proxy/upstreams/3`. */
export function pathOf(e: Pick<EndpointShape, 'path'>, params?: Record<string, unknown>): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${e.path}: the parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The contracts' paths under the auth base start with this (`auth/session`, `auth/login`). */
export const AUTH_UNDER = 'auth/';

/**
 * `api.call`'s options for an endpoint under the auth base (`RAMPART_AUTH_BASE`, `/api/auth` by default): the base,
 * and the part of the path it holds (`auth/session` is called at `{authBase}/session`), as the appliance registers
 * these routes with `under: 'auth/'`.
 */
export const authBaseOf = (authBase: string) => ({ apiBase: authBase, under: AUTH_UNDER });

/**
 * The address of an endpoint under the API base, for what is not a call: an image's `src`, a link
 * (`urlOf(system.getImage, { slot }, apiBase)` → `/api/config/bar_logo`).
 */
export function urlOf(
  e: Pick<EndpointShape, 'path'>,
  params: Record<string, unknown> | undefined,
  apiBase: string,
) {
  return `${apiBase.replace(/\/+$/, '')}/${pathOf(e, params)}`;
}

/**
 * The path and query string of a GET (the key the resources slice keeps its answer under): `logs/entries?limit=50`.
 * Query keys are sorted, so one question has one key; empty values are left out.
 */
export function keyOf(
  e: Pick<EndpointShape, 'path'>,
  params?: Record<string, unknown>,
  query?: object,
): string {
  const path = pathOf(e, params);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v as unknown[]) search.append(k, String(item));
    else search.set(k, String(v));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
