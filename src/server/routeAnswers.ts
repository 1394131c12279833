/**
 * The router's answer for a page address, kept. Every loader of the route table depends only on the address and on
 * whether the visitor is logged in (the guards, the id checks, the 404 of unknown paths: see app/routes.tsx), so
 * the static handler's context for those two inputs is the same on every request and so is the static router made
 * from it. Running the handler (a Request, the loaders, the data strategy) and building the router (which converts
 * the whole route table again) showed at about a tenth of every signed-in render's profile.
 *
 * Answers with a server error are never kept: a failed chunk load or a crashing loader is tried again next time.
 */
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';

export type RouteAnswer =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'context'; context: StaticHandlerContext; router: () => ReturnType<typeof createStaticRouter> };

export interface RouteAnswerInput {
  url: URL;
  /** The request's headers, as the loaders see them (only the cookie header's logged-in flag may matter). */
  headers: Headers;
  loggedIn: boolean;
  /** Anything else the loaders read that may change while the process runs (the render mode). */
  variant: string;
}

export class RouteAnswers {
  private readonly handler;
  private readonly entries = new Map<string, RouteAnswer>();

  constructor(
    routes: RouteObject[],
    private readonly maxEntries = 500,
  ) {
    this.handler = createStaticHandler(routes);
  }

  /** Off: every request asks the router (tests compare both). */
  enabled = true;

  get size() {
    return this.entries.size;
  }

  async answer(input: RouteAnswerInput): Promise<RouteAnswer> {
    const key = `${input.variant}\n${input.loggedIn ? 1 : 0}\n${input.url.pathname}${input.url.search}`;
    const kept = this.enabled ? this.entries.get(key) : undefined;
    if (kept) return kept;
    const answer = await this.ask(input);
    const keep = answer.kind === 'redirect' ? answer.status < 500 : answer.context.statusCode < 500;
    if (this.enabled && keep) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, answer);
    }
    return answer;
  }

  private async ask({ url, headers }: RouteAnswerInput): Promise<RouteAnswer> {
    const context = await this.handler.query(new Request(url, { headers }));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    let router: ReturnType<typeof createStaticRouter> | undefined;
    const dataRoutes = this.handler.dataRoutes;
    // Made at the first render that needs it; a static router holds no state of its own between renders.
    return { kind: 'context', context, router: () => (router ??= createStaticRouter(dataRoutes, context)) };
  }
}
