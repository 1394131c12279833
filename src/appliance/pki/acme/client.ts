/**
 * ACME through acme-client (RFC 8555). The library talks through one shared axios instance, so the extra trust of a
 * private ACME server (its CA certificates, given with the account) is attached per directory origin by a request
 * interceptor: other directories keep the system's trust store.
 */
import https from 'node:https';
import tls from 'node:tls';
import * as acme from 'acme-client';

const agents = new Map<string, https.Agent>();

// The library retries network errors and 5xx answers with a linear back-off (5 × 5 s by default): an admin waiting
// on an unreachable directory gets an answer within seconds instead.
// (acmeSettings is the library's own addition to the axios defaults, absent from axios's types.)
const settings = (
  acme.axios.defaults as unknown as { acmeSettings: { retryMaxAttempts: number; retryDefaultDelay: number } }
).acmeSettings;
settings.retryMaxAttempts = 3;
settings.retryDefaultDelay = 1;
let intercepting = false;

function installInterceptor(): void {
  if (intercepting) return;
  intercepting = true;
  acme.axios.interceptors.request.use((config) => {
    if (config.url) {
      const agent = agents.get(new URL(config.url).origin);
      if (agent) config.httpsAgent = agent;
    }
    return config;
  });
}

/** Trusts `trustPem` (besides the system roots) for HTTPS requests to the directory's origin. */
export function trustDirectory(directoryUrl: string, trustPem: string): void {
  if (!trustPem.trim()) return;
  installInterceptor();
  agents.set(
    new URL(directoryUrl).origin,
    new https.Agent({ ca: [...tls.rootCertificates, trustPem], keepAlive: false }),
  );
}

export interface AcmeTiming {
  /** Polling back-off of the order and authorisation states (ms). */
  backoffMin: number;
  backoffMax: number;
  backoffAttempts: number;
}

export const DEFAULT_TIMING: AcmeTiming = { backoffMin: 1000, backoffMax: 10_000, backoffAttempts: 12 };

export function acmeClient(
  directoryUrl: string,
  accountKeyPem: string,
  accountUrl: string | undefined,
  timing: AcmeTiming,
  trustPem = '',
): acme.Client {
  trustDirectory(directoryUrl, trustPem);
  return new acme.Client({ directoryUrl, accountKey: accountKeyPem, accountUrl, ...timing });
}

/** A short, single-line reason from an ACME or network failure (never a stack). */
export function acmeReason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (
    text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 300) || 'the ACME server did not answer as expected'
  );
}
