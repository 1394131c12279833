/**
 * Whether an address (a URL or a bare host) names this machine's loopback: `localhost` (and `*.localhost`), 127.0.0.0/8,
 * `::1` or `::ffff:127.x.y.z`. Such an address in a certificate (a CRL distribution point) is unreachable for
 * every other machine, so their revocation check fails. Shared by the appliance and the console.
 */
export function isLoopbackAddress(address: string): boolean {
  let host = address.trim();
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) host = new URL(host).hostname;
  } catch {
    return false;
  }
  host = host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127(?:\.\d{1,3}){3}$/.test(host)) return true;
  if (/^::ffff:127(?:\.\d{1,3}){3}$/.test(host) || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host))
    return true;
  return host === '::1' || /^(?:0{1,4}:){7}0{0,3}1$/.test(host);
}

/** The sentence shown beside a loopback CRL address (issue form, certificate detail). */
export const LOOPBACK_CRL_WARNING =
  "This CRL address is on the appliance's loopback, which no other machine can reach: clients that check revocation will fail or skip the check. Set the console's public address (RAMPART_PUBLIC_URL) before issuing certificates that point to the CRL.";
