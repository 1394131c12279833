/**
 * Where an OpenID Connect issuer may live, the same rule for the appliance's providers and the identity service's:
 * https, or plain http only on a loopback address (a provider on the same machine, as in tests).
 */
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
