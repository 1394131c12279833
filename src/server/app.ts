/**
 * The console server: security headers with a per-response CSP nonce, static assets with immutable caching and
 * precompressed encodings, build metadata, health, the embedded services, and server rendering of every page.
 * `buildServer` does not listen, so tests drive it with `inject`.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { publicConfig, publicOrigin, type Config } from '../../config';
import { apiUrl, createApiClient, parseCookieHeader } from '../api/client';
import { urlOf } from '../shared/contracts/endpoint';
import * as shell from '../shared/contracts/shell';
import { latestBuildReader, loadManifest, type AssetManifest } from './assets';
import { escapeHtml } from './document';
import { faviconSvg } from './favicon';
import { registerSecurityHeaders } from './securityHeaders';
import { installPathGuard, looksLikeApi, MAX_URL_LENGTH } from './pathGuard';
import { canonicalPath, isUnder } from '../appliance/http/paths';
import { mountEmbeddedServices } from './embedded';
import { providerOrigins } from '../identity-service/providers';
import { createInjectFetch, SSR_INTERNAL_HEADER } from './injectFetch';
import { createLogger, RequestLog } from './logging';
import { createRenderer } from './render';
import { RenderCache } from './renderCache';
import { RouteAnswers } from './routeAnswers';
import { routes } from '../app/routes';
import { FragmentCache } from './fragmentCache';
import { PublicReadCache } from './publicReadCache';
import { isLoggedInFromCookies } from '../app/routing/session';
import { LOGGED_IN_COOKIE, THEME_COOKIE } from '../shared/http';

export { MAX_URL_LENGTH };
const SOURCE_MAP_FILE = /\.map(?:\.(?:gz|br))?$/i;
export const LOCALE_COOKIE = 'locale';
const LOCALE_MAX_AGE_S = 365 * 24 * 3600; // §9 locale cookie 365 days, lax

export interface ServerOptions {
  config: Config;
  /** Directory of the client build (assets, manifest); absent in unit tests. */
  clientDir?: string;
  manifest?: AssetManifest;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout unless given); its format follows `config.logFormat`. */
  logStream?: NodeJS.WritableStream & { isTTY?: boolean };
}

function originOf(base: string): string | null {
  try {
    return /^https?:\/\//.test(base) ? new URL(base).origin : null;
  } catch {
    return null;
  }
}

function plainErrorPage(status: number, title: string): string {
  return `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1></body></html>`;
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clientDir = options.clientDir;
  const manifest = options.manifest ?? (clientDir ? loadManifest(clientDir) : loadManifest('/nonexistent'));
  const readLatestBuild = clientDir ? latestBuildReader(clientDir, manifest.buildId) : () => manifest.buildId;
  const origin = publicOrigin(config);
  const secure = origin.startsWith('https://');

  const app = Fastify({
    ...(options.logger === undefined
      ? { loggerInstance: createLogger(config, options.logStream) }
      : { logger: options.logger }),
    // One line per request instead of Fastify's two (see logging.ts).
    logController: new RequestLog((req) => Boolean(req.headers[SSR_INTERNAL_HEADER])),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Answers malformed requests (bad percent-encoding, unknown methods) with a clean 400 instead of a stack trace.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
  });

  // Paths of the APIs never fall through to page rendering: an unknown API path is a JSON 404.
  const apiPrefixes = [config.apiBase, '/eos/', config.identityBase + '/', config.authBase + '/']
    .filter((p) => p.startsWith('/'))
    .map((p) => p.replace(/\/+$/, '') + '/');
  const isApiPath = (path: string) => apiPrefixes.some((p) => isUnder(path, p));

  // The very first hook: overlong URLs (spec: > 8 KB), non-canonical paths and cross-site writes are refused before
  // anything else decides on the path, so every later check sees the path the router matches (see pathGuard.ts).
  installPathGuard(app, {
    apiPrefixes,
    exactPrefixes: [...apiPrefixes, '/assets/', '/_build/'],
    identityPrefix: config.identityBase.startsWith('/')
      ? config.identityBase.replace(/\/+$/, '') + '/'
      : undefined,
    ownOrigins: [origin],
  });

  await app.register(fastifyCookie);
  const extraOrigins = [originOf(config.apiBase), originOf(config.identityBase)].filter(
    (o): o is string => !!o && o !== origin,
  );
  registerSecurityHeaders(app, {
    extraOrigins,
    formOrigins:
      config.embedded && config.identityBase.startsWith('/') ? providerOrigins(config.dataDir) : [],
    parentOrigin: config.parentOrigin,
    secure,
  });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, req, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    const title = status === 404 ? 'Not Found' : status < 500 ? 'Bad Request' : 'Internal Server Error';
    const wantsJson =
      (req.headers.accept ?? '').includes('application/json') || looksLikeApi(req.url, apiPrefixes);
    if (wantsJson) reply.code(status).send({ detail: status < 500 && error.message ? error.message : title });
    else reply.code(status).type('text/html; charset=utf-8').send(plainErrorPage(status, title));
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/_build/meta.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { buildId: manifest.buildId, builtAt: manifest.builtAt };
  });
  app.get('/_build/latest.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { buildId: readLatestBuild() };
  });

  const favicon = Buffer.from(faviconSvg);
  const sendFavicon = async (
    _req: unknown,
    reply: {
      header: (k: string, v: string) => unknown;
      type: (t: string) => unknown;
      send: (b: Buffer) => unknown;
    },
  ) => {
    reply.header('Cache-Control', 'public, max-age=86400');
    reply.type('image/svg+xml');
    return reply.send(favicon);
  };
  app.get('/favicon.svg', sendFavicon);
  app.get('/favicon.ico', sendFavicon);

  if (clientDir && fs.existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      index: false,
      wildcard: true,
      // Source maps (and their compressed copies) are never public, even if a build put one in the served tree.
      allowedPath: (pathName) => !SOURCE_MAP_FILE.test(pathName),
      // Every asset name carries its content hash: cache it for a year, never revalidate.
      maxAge: 365 * 24 * 3600 * 1000,
      immutable: true,
    });
  }

  // Renders read the custom style from a short cache; anonymous renders are micro-cached. Any successful write under
  // {api}config/ (colours, images, reset) may change what they show, so both are dropped then. The hook is added
  // before the services mount so it covers their routes.
  const renderCache = new RenderCache();
  app.decorate('renderCache', renderCache);
  const settingsUrl = new URL(urlOf(shell.getUiSettings, undefined, config.apiBase), origin);
  const publicReads = new PublicReadCache(
    new Set(settingsUrl.origin === origin ? [settingsUrl.pathname + settingsUrl.search] : []),
  );
  const configPrefix = new URL(apiUrl(config.apiBase, 'config/'), origin).pathname;
  const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
  app.addHook('onResponse', (req, reply, done) => {
    if (!SAFE_METHODS.has(req.method) && reply.statusCode < 400 && req.url.startsWith(configPrefix)) {
      publicReads.clear();
      renderCache.clear();
    }
    done();
  });

  const inProcessReads = config.embedded ? await mountEmbeddedServices(app, config) : undefined;

  // Serialised once: it is the same on every page response that lacks it.
  const localeCookie = `${LOCALE_COOKIE}=en-US; Max-Age=${LOCALE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  const fragmentCache = new FragmentCache();
  app.decorate('fragmentCache', fragmentCache);
  const routeAnswers = new RouteAnswers(routes);
  app.decorate('routeAnswers', routeAnswers);
  // Signed-in pages kept by their complete input for a few seconds (see render.tsx): long enough for reloads and
  // repeated requests, short enough that text counting time (days left, "today") is never older than that.
  const signedInPages = new RenderCache(config.pageCacheSeconds * 1000, 200);
  signedInPages.enabled = config.pageCacheSeconds > 0;
  app.decorate('signedInPages', signedInPages);
  const render = createRenderer({
    config: publicConfig(config),
    manifest,
    origin,
    inProcess: inProcessReads,
    fragments: fragmentCache,
    routeAnswers,
    pages: signedInPages,
  });
  const injectFetch = createInjectFetch(app, origin, publicReads, inProcessReads);
  const api = (cookieHeader: string | undefined) => {
    // The request's cookies do not change during its render: parsed once, at the first read.
    let cookies: Record<string, string> | undefined;
    return createApiClient({
      fetch: injectFetch,
      origin,
      readCookie: (name) => (cookies ??= parseCookieHeader(cookieHeader))[name],
      defaultHeaders: cookieHeader ? { cookie: cookieHeader } : {},
    });
  };

  app.get('/*', async (req, reply) => {
    if (isApiPath(canonicalPath(req)) || req.headers[SSR_INTERNAL_HEADER]) {
      return reply.code(404).send({ detail: 'Not Found' });
    }
    if (!req.cookies[LOCALE_COOKIE]) reply.header('set-cookie', localeCookie);
    reply.header('Cache-Control', 'no-store');
    reply.type('text/html; charset=utf-8');

    // Anonymous visitors share renders for a second (see renderCache.ts); anyone with a session never does.
    const cacheKey = isLoggedInFromCookies(req.headers.cookie)
      ? null
      : `${req.url}|${req.cookies[THEME_COOKIE] ?? ''}`;
    const nonces = { script: reply.cspNonce.script, style: reply.cspNonce.style };
    if (cacheKey) {
      const hit = renderCache.get(cacheKey, nonces);
      if (hit) return reply.code(hit.status).send(hit.html);
    }

    let url: URL;
    try {
      url = new URL(req.url, origin);
    } catch {
      return reply.code(400).send(plainErrorPage(400, 'Bad Request'));
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string') headers.set(k, v);
      else if (Array.isArray(v)) headers.set(k, v.join(', '));
    }
    const placeholders = cacheKey
      ? RenderCache.placeholders()
      : { scriptNonce: nonces.script, styleNonce: nonces.style };
    const result = await render({
      url,
      headers,
      nonce: placeholders.scriptNonce,
      styleNonce: placeholders.styleNonce,
      api: api(req.headers.cookie),
      log: req.log,
    });
    if (result.kind === 'redirect') {
      if (result.clearLoginCookie)
        reply.header('set-cookie', `${LOGGED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
      return reply.redirect(result.location, result.status);
    }
    if (!cacheKey) return reply.code(result.status).send(result.html);
    const page = renderCache.keep(
      cacheKey,
      { status: result.status, html: result.html, ...placeholders },
      nonces,
    );
    return reply.code(result.status).send(page.html);
  });

  app.setNotFoundHandler((req, reply) => {
    const wantsJson =
      (req.headers.accept ?? '').includes('application/json') || looksLikeApi(req.url, apiPrefixes);
    if (wantsJson) return reply.code(404).send({ detail: 'Not Found' });
    return reply.code(404).type('text/html; charset=utf-8').send(plainErrorPage(404, 'Not Found'));
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Anonymous render micro-cache; services that change what anonymous pages show (custom style) clear it. */
    renderCache: RenderCache;
    /** Kept HTML of the context bar of pages, keyed by what it shows (see fragmentCache.ts). */
    fragmentCache: FragmentCache;
    /** The router's answers per address and login flag (see routeAnswers.ts). */
    routeAnswers: RouteAnswers;
    /** Signed-in pages kept by their complete input (see render.tsx). */
    signedInPages: RenderCache;
  }
}
