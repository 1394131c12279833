/**
 * Where an OpenID Connect issuer may live, the same rule for the appliance's providers and the identity service's:
 * https, or plain http only on a loopback address (a provider on the same machine, as in tests). And how both talk
 * to it: every request (discovery, signing keys, token, userinfo) is bounded (service-kit/outbound.ts), and the
 * endpoints that receive the client's credentials or a user's access token (token, userinfo) must share the
 * issuer's origin unless the provider's settings allow otherwise: a discovery document cannot send the client
 * secret elsewhere.
 */
import { custom, Issuer, type BaseClient, type CustomHttpOptionsProvider } from 'openid-client';
import { boundedAgent, limitsOf, type OutboundLimits } from './outbound';

/** Discovery documents and key sets are small: 1 MiB is ample. openid-client follows no redirects. */
export const OIDC_LIMITS: OutboundLimits = { connectMs: 5_000, totalMs: 10_000, maxBytes: 1024 * 1024 };

export const LOOPBACK_URL = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/;

/** Whether `issuer` is an absolute https URL, or an http URL on loopback; no credentials, query or fragment. */
export function issuerAllowed(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_URL.test(issuer);
}

export interface IssuerOptions {
  /** The provider's token and userinfo endpoints may be on another origin than the issuer (off by default). */
  allowCrossOriginEndpoints?: boolean;
  /** Tighter bounds than OIDC_LIMITS (tests). */
  limits?: Partial<OutboundLimits>;
}

const ENDPOINTS_WITH_CREDENTIALS = [
  ['token_endpoint', 'token endpoint'],
  ['userinfo_endpoint', 'userinfo endpoint'],
] as const;

function httpOptions(limits: Partial<OutboundLimits>): CustomHttpOptionsProvider {
  const all = limitsOf({ ...OIDC_LIMITS, ...limits });
  const what = 'the OpenID provider';
  const agents = { 'http:': boundedAgent('http:', all, what), 'https:': boundedAgent('https:', all, what) };
  // openid-client's own timeout is an idle timer on the socket; the agent's bounds are the real ones.
  return (url, options) => ({
    ...options,
    timeout: all.totalMs,
    agent: url.protocol === 'http:' ? agents['http:'] : agents['https:'],
  });
}

/**
 * Discovers `issuerUrl` through bounded requests and checks that the document answers for that issuer and that its
 * credential-bearing endpoints share its origin. The issuer's own requests (signing keys) and its clients'
 * (`boundClient`) stay bounded.
 */
export async function discoverIssuer(
  issuerUrl: string,
  options: IssuerOptions = {},
): Promise<Issuer<BaseClient>> {
  const bounded = httpOptions(options.limits ?? {});
  // discover() reads the options of the class it is called on: a subclass per call keeps callers apart.
  class Discovering extends Issuer<BaseClient> {
    static override [custom.http_options] = bounded;
  }
  const issuer = await Discovering.discover(issuerUrl);
  const trim = (s: string) => s.replace(/\/+$/, '');
  if (trim(String(issuer.metadata.issuer)) !== trim(issuerUrl))
    throw new Error(`the discovery document names another issuer (${String(issuer.metadata.issuer)})`);
  issuer[custom.http_options] = bounded;
  if (!options.allowCrossOriginEndpoints) {
    const origin = new URL(issuerUrl).origin;
    for (const [key, name] of ENDPOINTS_WITH_CREDENTIALS) {
      const value = issuer.metadata[key];
      if (value === undefined) continue;
      let other: string;
      try {
        other = new URL(String(value)).origin;
      } catch {
        throw new Error(`the discovery document's ${name} is not an address`);
      }
      if (other !== origin)
        throw new Error(
          `the ${name} (${other}) is not on the issuer's origin (${origin}); allow cross-origin endpoints for this provider if it is meant`,
        );
    }
  }
  return issuer;
}

/** Bounds a client's requests (token, userinfo) like its issuer's. */
export function boundClient<C extends BaseClient>(client: C, limits: Partial<OutboundLimits> = {}): C {
  client[custom.http_options] = httpOptions(limits);
  return client;
}
