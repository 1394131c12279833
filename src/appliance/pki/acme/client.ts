/**
 * ACME through acme-client (RFC 8555). The library talks through one shared axios instance, whose adapter here
 * sends every request through the bounded outbound client (service-kit/outbound.ts: connect and total timeouts, a
 * streamed cap on the answer, no redirects: RFC 8555 needs none). The extra trust of a private ACME server (its CA
 * certificates, given with the account) and tighter bounds are kept per directory origin: other directories keep
 * the system's trust store and ACME_LIMITS.
 */
import http from 'node:http';
import type https from 'node:https';
import tls from 'node:tls';
import * as acme from 'acme-client';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { OutboundError, outboundRequest, type OutboundLimits } from '../../../service-kit/outbound';

/** ACME answers are JSON objects and certificate chains: 1 MiB is ample. */
export const ACME_LIMITS: OutboundLimits = { connectMs: 10_000, totalMs: 30_000, maxBytes: 1024 * 1024 };

const directories = new Map<string, { limits: OutboundLimits; tls: https.AgentOptions }>();

// The library retries network errors and 5xx answers with a linear back-off (5 × 5 s by default): an admin waiting
// on an unreachable directory gets an answer within seconds instead.
// (acmeSettings is the library's own addition to the axios defaults, absent from axios's types.)
const settings = (
  acme.axios.defaults as unknown as { acmeSettings: { retryMaxAttempts: number; retryDefaultDelay: number } }
).acmeSettings;
settings.retryMaxAttempts = 3;
settings.retryDefaultDelay = 1;

/**
 * axios's adapter contract over the outbound client. A request stopped by its bounds rejects with the OutboundError
 * alone (no axios config): the library neither retries it nor mistakes it for an answer. Other network errors keep
 * the config, so the library retries them as before.
 */
async function adapter(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  const url = new URL(config.url ?? '', config.baseURL);
  const route = directories.get(url.origin);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(config.headers.toJSON()))
    if (v !== undefined && v !== null) headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
  let res;
  try {
    res = await outboundRequest(url.href, {
      what: 'the ACME server',
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body: typeof config.data === 'string' || Buffer.isBuffer(config.data) ? config.data : undefined,
      limits: route?.limits ?? ACME_LIMITS,
      tls: route?.tls,
    });
  } catch (e) {
    if (e instanceof OutboundError) throw e;
    throw Object.assign(e as Error, { config });
  }
  const response = {
    data: res.body.toString('utf8'),
    status: res.status,
    statusText: http.STATUS_CODES[res.status] ?? '',
    headers: res.headers,
    config,
    request: null,
  } as AxiosResponse;
  if (!config.validateStatus || config.validateStatus(res.status)) return response;
  throw Object.assign(new Error(`Request failed with status code ${res.status}`), {
    config,
    response,
    code: res.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
  });
}
acme.axios.defaults.adapter = adapter;

/**
 * The directory origin's bounds (`limits` over ACME_LIMITS), and its trust: `trustPem` besides the system roots for
 * HTTPS.
 */
export function trustDirectory(
  directoryUrl: string,
  trustPem: string,
  limits: Partial<OutboundLimits> = {},
): void {
  if (!trustPem.trim() && Object.keys(limits).length === 0) return;
  directories.set(new URL(directoryUrl).origin, {
    limits: { ...ACME_LIMITS, ...limits },
    tls: trustPem.trim() ? { ca: [...tls.rootCertificates, trustPem] } : {},
  });
}

export interface AcmeTiming {
  /** Polling back-off of the order and authorisation states (ms). */
  backoffMin: number;
  backoffMax: number;
  backoffAttempts: number;
  /** Tighter bounds than ACME_LIMITS for this directory's requests (tests). */
  limits?: Partial<OutboundLimits>;
}

export const DEFAULT_TIMING: AcmeTiming = { backoffMin: 1000, backoffMax: 10_000, backoffAttempts: 12 };

export function acmeClient(
  directoryUrl: string,
  accountKeyPem: string,
  accountUrl: string | undefined,
  timing: AcmeTiming,
  trustPem = '',
): acme.Client {
  const { limits, ...backoff } = timing;
  trustDirectory(directoryUrl, trustPem, limits);
  return new acme.Client({ directoryUrl, accountKey: accountKeyPem, accountUrl, ...backoff });
}

/** A short, single-line reason from an ACME or network failure (never a stack). */
export function acmeReason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (
    text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 300) || 'the ACME server did not answer as expected'
  );
}
