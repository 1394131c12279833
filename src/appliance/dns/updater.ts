/**
 * The dynamic DNS updater: a real HTTP client speaking the providers' update protocols.
 * - `dyndns2` (Dyn, No-IP, deSEC, …): GET `?hostname=&myip=` with Basic credentials; answers `good IP` / `nochg IP`
 *   on success, a code (`badauth`, `nohost`, `notfqdn`, `abuse`, `911`, …) otherwise.
 * - `duckdns`: GET `?domains=&token=&ip=`; answers `OK` or `KO`.
 * - `custom`: the admin's URL with `%IP%` (and optionally `%HOST%`, `%TTL%`) filled in; any 2xx is success.
 * The public address comes from a check URL (first IPv4 address in its answer) or from a local interface.
 */
import os from 'node:os';
import { outboundRequest, type OutboundLimits } from '../../service-kit/outbound';

export type Protocol = 'dyndns2' | 'duckdns' | 'custom';

export interface Provider {
  id: string;
  name: string;
  protocol: Protocol;
  /** Update endpoint (none for `custom`: the account carries its own URL). */
  url?: string;
}

export const DDNS_PROVIDERS: Provider[] = [
  { id: 'dyndns', name: 'Dyn', protocol: 'dyndns2', url: 'https://members.dyndns.org/nic/update' },
  { id: 'noip', name: 'No-IP', protocol: 'dyndns2', url: 'https://dynupdate.no-ip.com/nic/update' },
  { id: 'desec', name: 'deSEC', protocol: 'dyndns2', url: 'https://update.dedyn.io/' },
  { id: 'duckdns', name: 'Duck DNS', protocol: 'duckdns', url: 'https://www.duckdns.org/update' },
  { id: 'custom', name: 'Custom update URL', protocol: 'custom' },
];

export const IP_PLACEHOLDER = '%IP%';
export const DEFAULT_CHECK_URL = 'https://checkip.amazonaws.com/';
/** One provider call or address check may take this long. */
export const DDNS_TIMEOUT_MS = 10_000;
/** Answers are one short line: 64 KiB is ample. No redirects: credentials go to the configured address only. */
export const DDNS_LIMITS: OutboundLimits = {
  connectMs: 5_000,
  totalMs: DDNS_TIMEOUT_MS,
  maxBytes: 64 * 1024,
};

export interface UpdateTarget {
  provider: string;
  hostname: string;
  username: string;
  secret: string;
  update_url: string;
  ttl: number;
}

export interface UpdateOutcome {
  ok: boolean;
  /** What the provider answered (or why nothing was sent), one short line. */
  result: string;
}

export interface UpdaterOptions {
  /** Tighter bounds than DDNS_LIMITS (tests). */
  limits?: Partial<OutboundLimits>;
  /** Provider id → update URL, replacing the public endpoints (tests point them at a local fake provider). */
  providerUrls?: Record<string, string>;
}

const IPV4 = /\b(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\b/;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 160);

export class DdnsUpdater {
  constructor(private readonly options: UpdaterOptions = {}) {}

  private async get(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string }> {
    // Errors name the host only: the address's query may hold a token.
    const res = await outboundRequest(url, {
      what: new URL(url).host,
      headers: { 'user-agent': 'Rampart-DDNS/1.0', ...headers },
      limits: { ...DDNS_LIMITS, ...this.options.limits },
    });
    return { status: res.status, text: res.body.toString('utf8').slice(0, 4096) };
  }

  /** The appliance's public IPv4 address, from a check URL or a local interface. */
  async publicAddress(source: {
    ip_source: 'web' | 'interface';
    check_url: string;
    interface: string;
  }): Promise<string> {
    if (source.ip_source === 'interface') {
      const addrs = os.networkInterfaces()[source.interface] ?? [];
      const v4 = addrs.find((a) => a.family === 'IPv4');
      if (!v4) throw new Error(`interface ${source.interface} has no IPv4 address`);
      return v4.address;
    }
    const { status, text } = await this.get(source.check_url || DEFAULT_CHECK_URL);
    const match = status < 300 ? IPV4.exec(text) : null;
    if (!match) throw new Error(`address check answered ${status} without an IPv4 address`);
    return match[0];
  }

  /** Sends one update to the account's provider. */
  async update(t: UpdateTarget, ip: string): Promise<UpdateOutcome> {
    const provider = DDNS_PROVIDERS.find((p) => p.id === t.provider);
    if (!provider) return { ok: false, result: `unknown provider ${t.provider}` };
    const base = this.options.providerUrls?.[provider.id] ?? provider.url ?? '';
    const basic = t.username
      ? { authorization: `Basic ${Buffer.from(`${t.username}:${t.secret}`).toString('base64')}` }
      : undefined;
    switch (provider.protocol) {
      case 'dyndns2': {
        const url = new URL(base);
        url.searchParams.set('hostname', t.hostname);
        url.searchParams.set('myip', ip);
        const { status, text } = await this.get(url.toString(), basic);
        const answer = oneLine(text);
        const ok = status < 300 && /^(good|nochg)\b/.test(answer);
        return { ok, result: answer || `HTTP ${status}` };
      }
      case 'duckdns': {
        const url = new URL(base);
        url.searchParams.set('domains', t.hostname.replace(/\.duckdns\.org$/i, ''));
        url.searchParams.set('token', t.secret);
        url.searchParams.set('ip', ip);
        const { status, text } = await this.get(url.toString());
        const answer = oneLine(text);
        return { ok: status < 300 && answer.startsWith('OK'), result: answer || `HTTP ${status}` };
      }
      case 'custom': {
        const url = t.update_url
          .replaceAll(IP_PLACEHOLDER, encodeURIComponent(ip))
          .replaceAll('%HOST%', encodeURIComponent(t.hostname))
          .replaceAll('%TTL%', String(t.ttl));
        const { status, text } = await this.get(url, basic);
        const answer = oneLine(text);
        return { ok: status >= 200 && status < 300, result: `HTTP ${status}${answer ? ` ${answer}` : ''}` };
      }
    }
  }
}
