/**
 * Where the identity service lives and where it sends browsers: its public base, the console's account screens,
 * the `return_to` check against the console's one redirect policy, and the WebAuthn relying party of the origin.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { RedirectPolicy } from '../shared/redirectPolicy';
import { errors } from './errors';
import { allowedRedirect, identityRedirectPolicy } from './redirect';
import type { FlowKind } from './repo';
import { rpIdFor } from '../service-kit/webauthn';

/** Console pages the service sends browsers to (the account screens). */
export const UI_PATHS: Record<FlowKind | 'error', string> = {
  login: '/login/',
  registration: '/signup/',
  recovery: '/recovery/',
  verification: '/verification/',
  settings: '/settings/',
  error: '/error/',
};

export class ServiceUrls {
  /** The console's origin, without a trailing slash. */
  readonly consoleOrigin: string;
  /** The identity service's public base URL (absolute), without a trailing slash. */
  readonly publicBase: string;
  /** Cookies are `Secure` when the service is reached over https. */
  readonly secure: boolean;
  /** Where `return_to` may lead (the console's one redirect policy). */
  readonly redirects: RedirectPolicy;
  /** WebAuthn relying party: the console's host name; null on an IP-address origin, where browsers refuse WebAuthn. */
  readonly rpId: string | null;

  constructor(config: Pick<Config, 'identityBase' | 'redirectOrigins'>, origin: string) {
    this.consoleOrigin = origin.replace(/\/+$/, '');
    const base = /^https?:\/\//.test(config.identityBase)
      ? config.identityBase
      : this.consoleOrigin + config.identityBase;
    this.publicBase = base.replace(/\/+$/, '');
    this.secure = this.publicBase.startsWith('https://');
    this.redirects = identityRedirectPolicy(
      this.consoleOrigin,
      this.publicBase,
      config.redirectOrigins ?? [],
    );
    this.rpId = rpIdFor(this.consoleOrigin);
  }

  /** A console account screen, with query parameters. */
  ui(kind: FlowKind | 'error', query?: Record<string, string>): string {
    const url = new URL(UI_PATHS[kind], this.consoleOrigin + '/');
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    return url.toString();
  }

  /** Where a finished flow without `return_to` leads: the console's home. */
  get defaultReturn(): string {
    return this.consoleOrigin + '/';
  }

  /** A URL of the identity service itself; undefined query values are left out. */
  url(path: string, query?: Record<string, string | undefined>): string {
    const url = new URL(this.publicBase + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    return url.toString();
  }

  /** Validates a `return_to`; refuses (and logs) anything outside the console and the configured identity origins. */
  returnTo(req: FastifyRequest, raw: unknown): string | null {
    if (raw === undefined || raw === '') return null;
    const target = typeof raw === 'string' ? raw : '';
    const ok = allowedRedirect(target, this.redirects);
    if (!ok) {
      req.log.warn(
        { returnTo: target.slice(0, 300), ip: req.ip },
        'identity: refused redirect target outside the allowed origins',
      );
      throw errors.returnToForbidden(target.length > 300 ? `${target.slice(0, 300)}…` : target);
    }
    return ok;
  }
}
