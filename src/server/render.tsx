/**
 * Server-side rendering of one page: a store and API client per request; the static handler runs the route
 * guards and loaders. The shell's data (menu, who-am-I, custom style) is read directly — in process when the
 * appliance is embedded, without JSON or fetch — and reduced into the store by the same actions the browser's sagas
 * put. Only a route with prefetch actions starts the request sagas: its actions are dispatched, END is dispatched,
 * and the render waits for the sagas before `renderToString` (no Suspense holds back data, so streaming would only
 * cost time).
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { END, type Task } from 'redux-saga';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider } from 'react-router';
import type { PublicConfig } from '../../config';
import type { ApiClient } from '../api/client';
import { parseCookieHeader } from '../api/client';
import { urlOf } from '../shared/contracts/endpoint';
import * as shell from '../shared/contracts/shell';
import { isApiError } from '../api/errors';
import type { InProcessRead, InProcessReads } from '../service-kit/inProcessReads';
import { AppProviders } from '../app/AppProviders';
import { FragmentRenderContext } from '../app/serverFragments';
import { RenderStatus, RenderStatusContext } from '../app/renderStatus';
import { routeAccess, routeChunks, routes } from '../app/routes';
import { routeAccessOf } from '../app/routing/areaGate';
import { documentTitle } from '../app/routing/title';
import { mayOpenPage } from '../shared/pageAccess';
import { registerFeatures } from '../app/features';
import { THEME_COOKIE } from '../shared/http';
import { isLoggedInFromCookies } from '../app/routing/session';
import { loginRedirectTarget } from '../app/routing/guards';
import { routingOptions } from '../app/routing/options';
import type { RouteHandle } from '../app/routing/types';
import { isCrawler } from '../runtime/fatalErrors';
import { STATE_ELEMENT_ID } from '../runtime/readState';
import {
  createAppStore,
  createRenderStore,
  registerReducers,
  rootReducer,
  type AppStore,
  type RootState,
} from '../store/createStore';
import { signedInReducers } from '../store/signedInReducers';
import { layoutSlice, styleLoaded } from '../store/slices/layout.slice';
import { primaryContrastColour, primaryHoverColour } from '../lib/colour';
import { menuRequested, menuSlice } from '../store/slices/menu.slice';
import { sessionSlice } from '../store/slices/session.slice';
import { serverRootSaga } from '../../sagas/serverRoot';
import { menuLoadedFrom } from '../../sagas/menu.saga';
import { userActionFrom } from '../../sagas/session.saga';
import { styleFromSettings, type SettingsAnswer } from '../../sagas/layout.saga';
import { assetsFor, type AssetManifest } from './assets';
import { renderDocument, serializeStateForScript } from './document';
import type { FragmentCache } from './fragmentCache';
import { RenderCache } from './renderCache';
import { RouteAnswers } from './routeAnswers';

/** Pages of the core layout that need no login. */
const PUBLIC_CORE_ROUTES = new Set(['network/overview']);

/** The longest a render waits for its data (shell reads, sagas) before it renders what it has. */
export const PREFETCH_TIMEOUT_MS = 3000;

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string; clearLoginCookie?: boolean }
  /** A page kept by the render cache comes back as its bytes. */
  | { kind: 'page'; status: number; html: string | Buffer };

export interface RenderInput {
  url: URL;
  headers: Headers;
  nonce: string;
  styleNonce: string;
  api: ApiClient;
  log: { error: (obj: unknown, msg?: string) => void; warn: (obj: unknown, msg?: string) => void };
}

const BASE_STATE = '@@rampart/serverBaseState';

/** The slices the shell's actions change; no other slice answers them (test/server/shellState.test.ts). */
const SHELL_SLICES = [menuSlice, sessionSlice, layoutSlice];

/** One of the shell's actions reduced into its own slice, as the root reducer would (without running all). */
export function reduceShell(state: RootState, action: UnknownAction): RootState {
  const slice = SHELL_SLICES.find((s) => action.type.startsWith(`${s.name}/`));
  if (!slice) throw new Error(`${action.type} is not an action of the shell`);
  const key = slice.name as 'menu' | 'session' | 'layout';
  const next = (slice.reducer as Reducer)(state[key], action);
  return next === state[key] ? state : { ...state, [key]: next };
}

/** One read's outcome: the answer's data, or the failure's status (none: no answer at all). */
type ReadOutcome = { ok: true; data: unknown } | { ok: false; status?: number; error?: unknown };

export function createRenderer(options: {
  config: PublicConfig;
  manifest: AssetManifest;
  /** The server's own origin and the reads its embedded services answer in process (none: all through `api`). */
  origin?: string;
  inProcess?: InProcessReads;
  /** Kept HTML of the page's server fragments (the context bar); none: every render renders them. */
  fragments?: FragmentCache;
  /** The router's answers per address (see routeAnswers.ts); none: the router is asked every time. */
  routeAnswers?: RouteAnswers;
  /**
   * Signed-in pages kept by their complete input (see `render`); none: every signed-in request renders. Anonymous
   * pages are the caller's to cache (by address: they have no state of their own).
   */
  pages?: RenderCache;
}) {
  const { config } = options;
  // Every page's state carries every slice: the browser keeps the signed-in ones until their reducers load.
  registerReducers(signedInReducers);
  registerFeatures();
  const routeAnswers = options.routeAnswers ?? new RouteAnswers(routes);
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

  // The shell's three reads, and their in-process answers when the API is this server's embedded one.
  const shellUrl = {
    menu: urlOf(shell.getMenu, undefined, config.apiBase),
    me: urlOf(shell.getMe, undefined, config.apiBase),
    settings: urlOf(shell.getUiSettings, undefined, config.apiBase),
  };
  const inProcessOf = (url: string): InProcessRead | undefined => {
    if (!options.inProcess || !options.origin) return undefined;
    const target = new URL(url, options.origin);
    return target.origin === options.origin
      ? options.inProcess.find('GET', target.pathname + target.search)
      : undefined;
  };
  const inProcess = {
    menu: inProcessOf(shellUrl.menu),
    me: inProcessOf(shellUrl.me),
    settings: inProcessOf(shellUrl.settings),
  };

  /**
   * A GET of the shell, as the API client would answer it: in process when the service answers it so (the visitor's
   * cookies are all the request carries, as the client's default headers), else through the client.
   */
  async function read(
    key: keyof typeof shellUrl,
    api: ApiClient,
    headers: () => Headers,
  ): Promise<ReadOutcome> {
    const direct = inProcess[key];
    if (direct) {
      try {
        const answer = direct({ headers: headers() });
        return answer.status < 400 ? { ok: true, data: answer.body } : { ok: false, status: answer.status };
      } catch {
        // The route itself answers a failure (its error handler, its log line): ask it through the client.
      }
    }
    try {
      return { ok: true, data: (await api.get(shellUrl[key])).data };
    } catch (error) {
      return { ok: false, status: isApiError(error) ? error.status : undefined, error };
    }
  }

  // Every slice's initial state, computed once for the reducers registered (again if more are registered).
  let base: { reducer: ReturnType<typeof rootReducer>; state: RootState } | undefined;
  const baseState = () => {
    const reducer = rootReducer();
    if (base?.reducer !== reducer) base = { reducer, state: reducer(undefined, { type: BASE_STATE }) };
    return base.state;
  };

  // The build slice every render starts from, made once so its JSON is kept too (see serializeStateForScript).
  const build = { buildId: options.manifest.buildId, latestBuildId: null, updateAvailable: false };
  // The state a render starts from, per login flag and theme (again if reducers are registered).
  const starts = new Map<string, { base: RootState; state: RootState }>();
  const startState = (loggedIn: boolean, theme: 'light' | 'dark' | undefined): RootState => {
    const key = `${loggedIn}|${theme}`;
    const kept = starts.get(key);
    if (kept?.base === baseState()) return kept.state;
    const state: RootState = {
      ...baseState(),
      config: options.config,
      session: { loggedIn, user: null },
      build,
      layout: { style: null, styleSource: null, theme: theme ?? 'system', contextBarOpen: null },
    };
    starts.set(key, { base: baseState(), state });
    return state;
  };

  // The shell's actions and their reductions, kept by identity. The appliance's in-process reads give the very same
  // answer objects while nothing changed (see keptRead), so the same answer makes the same action, and the same
  // action on the same state the same next state: an unchanged shell is the previous render's state object, and
  // its JSON is kept (serializeStateForScript). Answers through the API client are new objects: nothing is shared.
  const MENU_REQUESTED = menuRequested();
  const MENU_FALLBACK = menuLoadedFrom(undefined, false);
  const actionsOf = {
    menu: new WeakMap<object, UnknownAction>(),
    me: new WeakMap<object, UnknownAction | null>(),
    settings: new WeakMap<object, UnknownAction>(),
  };
  const keptAction = <A extends UnknownAction | null>(
    kept: WeakMap<object, A>,
    data: unknown,
    make: () => A,
  ): A => {
    if (!data || typeof data !== 'object') return make();
    if (!kept.has(data)) kept.set(data, make());
    return kept.get(data)!;
  };
  const meFailures = new Map<number | undefined, UnknownAction | null>();
  const reductions = new WeakMap<RootState, WeakMap<UnknownAction, RootState>>();
  const reduceKept = (state: RootState, action: UnknownAction): RootState => {
    let byAction = reductions.get(state);
    if (!byAction) reductions.set(state, (byAction = new WeakMap()));
    let next = byAction.get(action);
    if (!next) byAction.set(action, (next = reduceShell(state, action)));
    return next;
  };

  return async function render(input: RenderInput): Promise<RenderResult> {
    const cookieHeader = input.headers.get('cookie');
    const cookies = parseCookieHeader(cookieHeader);
    const hadLoginCookie = isLoggedInFromCookies(cookieHeader);
    const theme =
      cookies[THEME_COOKIE] === 'dark' || cookies[THEME_COOKIE] === 'light'
        ? cookies[THEME_COOKIE]
        : undefined;
    const answer = await routeAnswers.answer({
      url: input.url,
      headers: input.headers,
      loggedIn: hadLoginCookie,
      variant: routingOptions.renderMode,
    });
    if (answer.kind === 'redirect') return answer;
    const { context } = answer;

    const inCoreLayout = context.matches.some((m) => m.route.id === 'core');
    const prefetch: UnknownAction[] = [];
    for (const match of context.matches) {
      const handle = match.route.handle as RouteHandle | undefined;
      for (const action of handle?.prefetch?.({ params: match.params, url: input.url }) ?? [])
        prefetch.push(action);
    }

    // The state a render starts from: every slice's initial state, then what this request knows.
    let state = startState(hadLoginCookie, theme);
    const put = (action: UnknownAction) => {
      if (store) store.dispatch(action);
      else state = reduceKept(state, action);
    };

    // The shell: what the menu, session and layout sagas would put for these reads (see their sagas).
    let shellHeaders: Headers | undefined;
    const headers = () => (shellHeaders ??= new Headers(cookieHeader ? { cookie: cookieHeader } : {}));
    const shell: Array<Promise<UnknownAction | null>> = [];
    const me =
      inCoreLayout && hadLoginCookie
        ? read('me', input.api, headers).then((r) => {
            if (r.ok) return keptAction(actionsOf.me, r.data, () => userActionFrom(r));
            if (!meFailures.has(r.status)) meFailures.set(r.status, userActionFrom(r));
            return meFailures.get(r.status)!;
          })
        : undefined;
    // A gated page learns who asks before it asks for its data: an account that may not open it gets the no-access
    // page (403, see routes.tsx), and nothing of the page is requested for it.
    const access = routeAccessOf(context.matches, routeAccess);
    let store: AppStore | undefined;
    if (access && me && prefetch.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const action = await Promise.race([
        me,
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), PREFETCH_TIMEOUT_MS))),
      ]).finally(() => clearTimeout(timer));
      if (action) put(action);
      // Nor is anything asked for an ended session (the page goes to the login below).
      if (!state.session.loggedIn || !mayOpenPage(state.session.user, access)) prefetch.length = 0;
    } else if (me) shell.push(me);
    // Only the route's own data needs the sagas (and a store from the start); the shell's is read below, and a
    // route without sagas gets its store once the state is complete.
    if (prefetch.length > 0)
      store = createAppStore({ preloadedState: state, context: { api: input.api, platform: 'server' } });
    if (inCoreLayout) {
      put(MENU_REQUESTED);
      shell.push(
        config.env !== 'production'
          ? Promise.resolve(MENU_FALLBACK)
          : read('menu', input.api, headers).then((r) =>
              r.ok ? keptAction(actionsOf.menu, r.data, () => menuLoadedFrom(r.data, true)) : MENU_FALLBACK,
            ),
      );
    }
    shell.push(
      read('settings', input.api, headers).then((r) => {
        if (r.ok)
          return keptAction(actionsOf.settings, r.data, () =>
            styleLoaded({ style: styleFromSettings(r.data as SettingsAnswer), source: 'api' }),
          );
        input.log.warn({ url: input.url.pathname, err: r.error }, 'custom layout could not be loaded');
        return null;
      }),
    );
    let late = false;
    const pending: Array<Promise<unknown>> = shell.map((p) =>
      p.then((action) => {
        if (action && !late) put(action);
      }),
    );

    let task: Task | undefined;
    if (store) {
      task = store.runSaga(serverRootSaga);
      for (const action of prefetch) store.dispatch(action);
      store.dispatch(END);
      pending.push(task.toPromise());
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(pending),
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          input.log.warn(
            { url: input.url.pathname },
            'prefetch timed out; rendering without the missing data',
          );
          late = true;
          task?.cancel();
          resolve();
        }, PREFETCH_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    // A late answer must not change the state now: it is rendered as it is.
    late = true;
    if (store) state = store.getState();
    // The browser's RouteTitle makes the same title from the same routes and state.
    const title = documentTitle(
      context.matches.map((m) => ({ params: m.params, handle: m.route.handle })),
      input.url.searchParams,
      state,
    );

    // The login cookie outlived its session (the appliance answered 401): a protected page goes to the login.
    const onPublicPage = context.matches.some((m) => PUBLIC_CORE_ROUTES.has(m.route.id));
    if (inCoreLayout && hadLoginCookie && !state.session.loggedIn && !onPublicPage && !context.errors) {
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

    // A signed-in page is a function of its address, the login flag and the state it renders from (the router's
    // answer follows from the first two): the same input, kept for a few seconds, gives the page kept then, with
    // this response's nonces. The state's JSON is the key, so another account, a privilege, a menu, a colour or a
    // route's data changed is another page; the lifetime bounds text that counts time (days left, "today").
    const pages = hadLoginCookie && options.pages?.enabled ? options.pages : undefined;
    const stateJson = serializeStateForScript(state);
    const pageKey = pages ? `${input.url.pathname}${input.url.search}\n${stateJson}` : '';
    const nonces = { script: input.nonce, style: input.styleNonce };
    if (pages) {
      const kept = pages.get(pageKey, nonces);
      if (kept) return { kind: 'page', status: kept.status, html: kept.html };
    }
    const { scriptNonce, styleNonce } = pages
      ? RenderCache.placeholders()
      : { scriptNonce: input.nonce, styleNonce: input.styleNonce };

    // A route without sagas gets its store only now, when the page is rendered.
    store ??= createRenderStore(state);
    const fragments = options.fragments?.begin();
    // A page may decide its status while rendering (an entity the appliance does not know is a 404).
    const rendering = new RenderStatus();
    const body = renderToString(
      // The request's one API client serves the sagas (above) and the views alike.
      <FragmentRenderContext.Provider value={fragments ?? null}>
        <RenderStatusContext.Provider value={rendering}>
          <AppProviders store={store} services={{ api: input.api, origin: input.url.origin }}>
            <StaticRouterProvider router={answer.router()} context={context} nonce={scriptNonce} />
          </AppProviders>
        </RenderStatusContext.Provider>
      </FragmentRenderContext.Provider>,
    );
    const status = rendering.status ?? context.statusCode;
    // Rendering dispatches nothing on the server; should it ever, the page carries the state it rendered.
    const rendered = store.getState();
    const chunks = context.matches.map((m) => routeChunks[m.route.id]).filter(Boolean);
    const assets = assetsFor(options.manifest, chunks);
    const customProperties: Record<string, string> = {};
    if (rendered.layout.style?.primaryColor) {
      customProperties['--color-primary'] = rendered.layout.style.primaryColor;
      const { hover, text } = coloursOf(rendered.layout.style.primaryColor);
      if (hover) customProperties['--color-primary-hover'] = hover;
      if (text) customProperties['--color-primary-contrast'] = text;
    }
    if (rendered.layout.style?.barColor) customProperties['--color-bar'] = rendered.layout.style.barColor;
    const html = renderDocument({
      title,
      body: fragments ? fragments.finish(body, [scriptNonce, styleNonce]) : body,
      stateJson: rendered === state ? stateJson : serializeStateForScript(rendered),
      stateElementId: STATE_ELEMENT_ID,
      nonce: scriptNonce,
      styleNonce,
      scripts: assets.js,
      styles: assets.css,
      theme,
      customProperties,
    });
    if (!pages) return { kind: 'page', status, html };
    // The page is kept with the status it answered: given again, it answers the same.
    const page = pages.keep(pageKey, { status, html, scriptNonce, styleNonce }, nonces);
    return { kind: 'page', ...page };
  };
}
