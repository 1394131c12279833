/**
 * Whether the identity service answers its readiness check (Kratos `GET {identity}/health/ready`), for the login
 * setup's `isOffline` (spec §2, §7). The embedded service is asked in process (no socket); an external one over
 * HTTP. Each check is bounded by a short timeout, and the answer is kept a few seconds so a burst of login pages
 * costs one check; concurrent callers share the check under way.
 */
import type { FastifyInstance } from 'fastify';
import { outboundRequest } from '../../service-kit/outbound';

/** How long an answer is reused. */
export const IDENTITY_HEALTH_TTL_MS = 5_000;
/** How long a check may take before the service counts as offline. */
export const IDENTITY_HEALTH_TIMEOUT_MS = 1_500;

/** Resolves true when the service is ready; any failure, refusal or timeout is false. */
export type HealthProbe = (timeoutMs: number) => Promise<boolean>;

export interface HealthCheck {
  /** True when the identity service answered its last (cached) check as ready. */
  online(): Promise<boolean>;
}

export function cachedHealthCheck(
  probe: HealthProbe,
  options: { now: () => number; ttlMs?: number; timeoutMs?: number },
): HealthCheck {
  const ttl = options.ttlMs ?? IDENTITY_HEALTH_TTL_MS;
  const timeout = options.timeoutMs ?? IDENTITY_HEALTH_TIMEOUT_MS;
  let last: { at: number; online: boolean } | null = null;
  let running: Promise<boolean> | null = null;
  return {
    online() {
      if (last && options.now() - last.at < ttl) return Promise.resolve(last.online);
      running ??= withTimeout(probe(timeout), timeout)
        .catch(() => false)
        .then((online) => {
          last = { at: options.now(), online };
          running = null;
          return online;
        });
      return running;
    },
  };
}

function withTimeout(p: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * The probe for an identity base: a path (`/identity`) is the embedded service, asked through `app.inject`; an
 * absolute URL is an external service, asked with `fetch`.
 */
export function identityProbe(app: FastifyInstance, identityBase: string): HealthProbe {
  const base = identityBase.replace(/\/+$/, '');
  if (base.startsWith('/') || base === '') {
    return async () => {
      const res = await app.inject({
        method: 'GET',
        url: `${base}/health/ready`,
        headers: { accept: 'application/json' },
      });
      return res.statusCode === 200;
    };
  }
  // Through the bounded outbound client: a redirect is an answer (not ready), the body a short one.
  return async (timeoutMs) => {
    const res = await outboundRequest(`${base}/health/ready`, {
      what: 'the identity service',
      headers: { accept: 'application/json' },
      limits: { connectMs: timeoutMs, totalMs: timeoutMs, maxBytes: 64 * 1024 },
      answerRedirects: true,
    });
    return res.status === 200;
  };
}
