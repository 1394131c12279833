/**
 * What every flow handler shares: storage, the clock, and the parts kept in their own modules — URLs (urls.ts), the
 * anti-CSRF cookie (csrf.ts), flow records (flowStore.ts) and sessions (sessions.ts) — plus the JSON-or-redirect
 * answer for errors.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Courier } from './courier';
import { CsrfGuard } from './csrf';
import type { IdentityError } from './errors';
import { FlowStore } from './flowStore';
import { isJsonRequest } from './negotiate';
import type { Provider } from './providers';
import type { IdentityLimits } from './rateLimit';
import type { IdentityRepo } from './repo';
import { SessionStore } from './sessions';
import { ServiceUrls } from './urls';

export class ServiceContext {
  readonly urls: ServiceUrls;
  readonly csrf: CsrfGuard;
  readonly flows: FlowStore;
  readonly sessions: SessionStore;

  constructor(
    readonly config: Config,
    origin: string,
    readonly repo: IdentityRepo,
    readonly courier: Courier,
    readonly limiter: IdentityLimits,
    readonly providers: Provider[],
    readonly log: FastifyBaseLogger,
  ) {
    this.urls = new ServiceUrls(config, origin);
    this.csrf = new CsrfGuard(this.urls.publicBase, this.urls.secure);
    const now = () => this.now();
    this.flows = new FlowStore(repo, this.csrf, this.urls.consoleOrigin, now);
    this.sessions = new SessionStore(repo, {
      secure: this.urls.secure,
      rpId: this.urls.rpId,
      now,
      lifetimes: config,
    });
  }

  now(): number {
    return Date.now();
  }

  isJson(req: FastifyRequest): boolean {
    return isJsonRequest(req.headers);
  }

  /** Error page for plain browsers: the error is stored and the browser sent to the error UI. */
  browserError(reply: FastifyReply, err: IdentityError): FastifyReply {
    const id = this.repo.insertError(err.toBody().error, this.now());
    return reply.redirect(this.urls.ui('error', { id }), 303);
  }
}
