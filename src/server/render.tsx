/**
 * Server-side rendering of one page: a store and API client per request; the static handler runs the route
 * guards and loaders; the matched routes' prefetch actions are dispatched, END is dispatched, and the render
 * waits for the sagas before `renderToString` (no Suspense holds back data, so streaming would only cost time).
 */
import { END } from 'redux-saga';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PublicConfig } from '../../config';
import type { ApiClient } from '../api/client';
import { parseCookieHeader } from '../api/client';
import { AppProviders } from '../app/AppProviders';
import { routeChunks, routes } from '../app/routes';
import { registerFeatures } from '../app/features';
import { THEME_COOKIE } from '../shared/http';
import { isLoggedInFromCookies } from '../app/routing/session';
import { loginRedirectTarget } from '../app/routing/guards';
import type { RouteHandle } from '../app/routing/types';
import { isCrawler } from '../runtime/fatalErrors';
import { STATE_ELEMENT_ID } from '../runtime/readState';
import { createAppStore, registerReducers } from '../store/createStore';
import { signedInReducers } from '../store/signedInReducers';
import { styleRequested } from '../store/slices/layout.slice';
import { primaryContrastColour, primaryHoverColour } from '../lib/colour';
import { menuRequested } from '../store/slices/menu.slice';
import { userRequested } from '../store/slices/session.slice';
import { serverRootSaga } from '../../sagas/serverRoot';
import { assetsFor, type AssetManifest } from './assets';
import { renderDocument } from './document';

/** Pages of the core layout that need no login. */
const PUBLIC_CORE_ROUTES = new Set(['network/overview']);

/** The longest a render waits for its sagas before it renders what it has. */
export const PREFETCH_TIMEOUT_MS = 3000;

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string; clearLoginCookie?: boolean }
  | { kind: 'page'; status: number; html: string };

export interface RenderInput {
  url: URL;
  headers: Headers;
  nonce: string;
  styleNonce: string;
  api: ApiClient;
  log: { error: (obj: unknown, msg?: string) => void; warn: (obj: unknown, msg?: string) => void };
}

export function createRenderer(options: { config: PublicConfig; manifest: AssetManifest }) {
  // Every page's state carries every slice: the browser keeps the signed-in ones until their reducers load.
  registerReducers(signedInReducers);
  registerFeatures();
  const handler = createStaticHandler(routes);
  // The custom primary colour rarely changes; parsing it on every render showed in profiles.
  const primaryColours = new Map<string, { hover: string | null; text: string | null }>();
  const coloursOf = (primary: string) => {
    if (!primaryColours.has(primary)) {
      if (primaryColours.size >= 64) primaryColours.clear();
      primaryColours.set(primary, {
        hover: primaryHoverColour(primary),
        text: primaryContrastColour(primary),
      });
    }
    return primaryColours.get(primary)!;
  };

  return async function render(input: RenderInput): Promise<RenderResult> {
    const cookieHeader = input.headers.get('cookie');
    const cookies = parseCookieHeader(cookieHeader);
    const hadLoginCookie = isLoggedInFromCookies(cookieHeader);
    const theme =
      cookies[THEME_COOKIE] === 'dark' || cookies[THEME_COOKIE] === 'light'
        ? cookies[THEME_COOKIE]
        : undefined;
    const request = new Request(input.url, { headers: input.headers });
    const context = await handler.query(request);
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }

    const store = createAppStore({
      preloadedState: {
        config: options.config,
        session: { loggedIn: hadLoginCookie, user: null },
        build: { buildId: options.manifest.buildId, latestBuildId: null, updateAvailable: false },
        layout: { style: null, styleSource: null, theme: theme ?? 'system', contextBarOpen: true },
      },
      context: { api: input.api, platform: 'server' },
    });
    const task = store.runSaga(serverRootSaga);

    const inCoreLayout = context.matches.some((m) => m.route.id === 'core');
    if (inCoreLayout) {
      store.dispatch(menuRequested());
      store.dispatch(userRequested());
    }
    store.dispatch(styleRequested());
    let title = 'Rampart';
    for (const match of context.matches) {
      const handle = match.route.handle as RouteHandle | undefined;
      if (handle?.title) title = `${handle.title} · Rampart`;
      for (const action of handle?.prefetch?.({ params: match.params, url: input.url }) ?? [])
        store.dispatch(action);
    }
    store.dispatch(END);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      task.toPromise(),
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          input.log.warn(
            { url: input.url.pathname },
            'prefetch timed out; rendering without the missing data',
          );
          task.cancel();
          resolve();
        }, PREFETCH_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));

    // The login cookie outlived its session (the appliance answered 401): a protected page goes to the login.
    const onPublicPage = context.matches.some((m) => PUBLIC_CORE_ROUTES.has(m.route.id));
    if (
      inCoreLayout &&
      hadLoginCookie &&
      !store.getState().session.loggedIn &&
      !onPublicPage &&
      !context.errors
    ) {
      return {
        kind: 'redirect',
        status: 302,
        location: loginRedirectTarget(input.url),
        clearLoginCookie: true,
      };
    }

    if (context.errors) {
      const status = context.statusCode;
      if (status >= 500) {
        const ua = input.headers.get('user-agent') ?? '';
        input.log.error(
          { url: input.url.pathname, crawler: isCrawler(ua), errors: Object.keys(context.errors) },
          'route failed',
        );
      }
    }

    const router = createStaticRouter(handler.dataRoutes, context);
    const body = renderToString(
      // The request's one API client serves the sagas (above) and the views alike.
      <AppProviders store={store} services={{ api: input.api, origin: input.url.origin }}>
        <StaticRouterProvider router={router} context={context} nonce={input.nonce} />
      </AppProviders>,
    );
    const state = store.getState();
    const chunks = context.matches.map((m) => routeChunks[m.route.id]).filter(Boolean);
    const assets = assetsFor(options.manifest, chunks);
    const customProperties: Record<string, string> = {};
    if (state.layout.style?.primaryColor) {
      customProperties['--color-primary'] = state.layout.style.primaryColor;
      const { hover, text } = coloursOf(state.layout.style.primaryColor);
      if (hover) customProperties['--color-primary-hover'] = hover;
      if (text) customProperties['--color-primary-contrast'] = text;
    }
    if (state.layout.style?.barColor) customProperties['--color-bar'] = state.layout.style.barColor;
    const html = renderDocument({
      title,
      body,
      state,
      stateElementId: STATE_ELEMENT_ID,
      nonce: input.nonce,
      styleNonce: input.styleNonce,
      scripts: assets.js,
      styles: assets.css,
      theme,
      customProperties,
    });
    return { kind: 'page', status: context.statusCode, html };
  };
}
