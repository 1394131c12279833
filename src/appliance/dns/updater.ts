/**
 * The dynamic DNS updater: a real HTTP client speaking the providers' update protocols.
 * - `dyndns2` (Dyn, No-IP, deSEC, …): GET `?hostname=&myip=` with Basic credentials; answers `good IP` / `nochg IP`
 *   on success, a code (`badauth`, `nohost`, `notfqdn`, `abuse`, `911`, …) otherwise.
 * - `duckdns`: GET `?domains=&token=&ip=`; answers `OK` or `KO`.
 * - `custom`: the admin's URL with `%IP%` (and optionally `%HOST%`, `%TTL%`) filled in; any 2xx is success.
 * The public address comes from a check URL (first IPv4 address in its answer) or from a local interface.
 */
import http from 'node:http';
import os from 'node:os';
import { OutboundError, outboundRequest, type OutboundLimits } from '../../service-kit/outbound';

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

/** Which step failed: finding the public address, or telling the provider. */
export type DdnsStage = 'check' | 'update';

/**
 * What kind of failure, so the console can say it in words: the DNS lookup of the server, a refused connection, no
 * answer in time, another network error, the TLS handshake, an HTTP error status, the provider's own refusal
 * (`badauth`, `KO`), an interface without an address, or the stored secret needing to be typed again.
 */
export type DdnsFailureKind =
  'dns' | 'refused' | 'timeout' | 'network' | 'tls' | 'http' | 'provider' | 'interface' | 'secret' | 'other';

export interface DdnsFailure {
  stage: DdnsStage;
  kind: DdnsFailureKind;
  /** One sentence without the stage ("the DNS lookup of members.dyndns.org failed (ENOTFOUND)"). */
  message: string;
}

/** A failed step of an update, with what failed. */
export class DdnsStepError extends Error {
  constructor(readonly failure: DdnsFailure) {
    super(failure.message);
    this.name = 'DdnsStepError';
  }
}

export interface UpdateOutcome {
  ok: boolean;
  /** What the provider answered (or why nothing was sent), one short line. */
  result: string;
  /** Why it is not ok, in words (only when `ok` is false). */
  failure?: DdnsFailure;
}

/** The dyndns2 and Duck DNS answers that refuse an update, in words (https://help.dyn.com/remote-access-api/return-codes/). */
const PROVIDER_CODES: Record<string, string> = {
  badauth: 'wrong user name or password',
  '!donator': 'the account may not use this feature',
  notfqdn: 'the host name is not a fully qualified domain name',
  nohost: 'the host name does not exist in this account',
  numhost: 'too many host names in one update',
  abuse: 'the host name is blocked for abuse',
  badagent: 'the provider refused this client',
  dnserr: "the provider's DNS servers failed",
  '911': 'the provider has a problem; it asks to wait before trying again',
  KO: 'the token or the domain was refused',
};

/** The system error code of an error or of its causes (the outbound client wraps the socket's error). */
const errnoCode = (e: unknown): string | undefined => {
  let c: unknown = e;
  for (let depth = 0; c && depth < 5; depth += 1) {
    const code = (c as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code !== 'ECONNABORTED') return code;
    c = (c as { cause?: unknown }).cause;
  }
  return undefined;
};

/** What failed when a request to `host` threw (the outbound client's error and its cause). */
export function describeRequestError(e: unknown, stage: DdnsStage, host: string): DdnsFailure {
  if (e instanceof DdnsStepError) return e.failure;
  if (e instanceof OutboundError) {
    if (e.kind === 'connect_timeout' || e.kind === 'timeout')
      return { stage, kind: 'timeout', message: e.message };
    return { stage, kind: e.kind === 'redirect' ? 'http' : 'other', message: e.message };
  }
  const code = errnoCode(e);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NONAME')
    return { stage, kind: 'dns', message: `the DNS lookup of ${host} failed (${code})` };
  if (code === 'ECONNREFUSED') return { stage, kind: 'refused', message: `${host} refused the connection` };
  if (code === 'ETIMEDOUT') return { stage, kind: 'timeout', message: `${host} did not answer in time` };
  if (
    code &&
    (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/.test(code) ||
      code.includes('CERT'))
  )
    return { stage, kind: 'tls', message: `the TLS connection to ${host} failed (${code})` };
  if (code) return { stage, kind: 'network', message: `${host} could not be reached (${code})` };
  const text = e instanceof Error ? e.message : 'the request failed';
  return { stage, kind: 'other', message: text.slice(0, 160) };
}

const statusText = (status: number) =>
  `HTTP ${status}${http.STATUS_CODES[status] ? ` (${http.STATUS_CODES[status]})` : ''}`;

/** Why a provider's answer is a refusal: its HTTP status, or its own code in words. */
function providerFailure(status: number, answer: string): DdnsFailure {
  if (status >= 300)
    return {
      stage: 'update',
      kind: 'http',
      message: `the provider answered ${statusText(status)}${answer ? `: ${answer.slice(0, 80)}` : ''}`,
    };
  const code = answer.split(' ')[0];
  const meaning = PROVIDER_CODES[code];
  return {
    stage: 'update',
    kind: 'provider',
    message: answer
      ? `the provider answered "${answer.slice(0, 80)}"${meaning ? `: ${meaning}` : ''}`
      : 'the provider gave an empty answer',
  };
}

export interface UpdaterOptions {
  /** Tighter bounds than DDNS_LIMITS (tests). */
  limits?: Partial<OutboundLimits>;
  /** Provider id → update URL, replacing the public endpoints (tests point them at a local fake provider). */
  providerUrls?: Record<string, string>;
}

const IPV4 = /\b(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\b/;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 160);

const outcome = (ok: boolean, result: string, status: number, answer: string): UpdateOutcome =>
  ok ? { ok, result } : { ok, result, failure: providerFailure(status, answer) };

export class DdnsUpdater {
  constructor(private readonly options: UpdaterOptions = {}) {}

  private async get(
    url: string,
    stage: DdnsStage,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string }> {
    // Errors name the host only: the address's query may hold a token.
    const host = new URL(url).host;
    try {
      const res = await outboundRequest(url, {
        what: host,
        headers: { 'user-agent': 'Rampart-DDNS/1.0', ...headers },
        limits: { ...DDNS_LIMITS, ...this.options.limits },
      });
      return { status: res.status, text: res.body.toString('utf8').slice(0, 4096) };
    } catch (e) {
      throw new DdnsStepError(describeRequestError(e, stage, new URL(url).hostname));
    }
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
      if (!v4)
        throw new DdnsStepError({
          stage: 'check',
          kind: 'interface',
          message: `interface ${source.interface} has no IPv4 address`,
        });
      return v4.address;
    }
    const { status, text } = await this.get(source.check_url || DEFAULT_CHECK_URL, 'check');
    if (status >= 300)
      throw new DdnsStepError({
        stage: 'check',
        kind: 'http',
        message: `the address check page answered ${statusText(status)}`,
      });
    const match = IPV4.exec(text);
    if (!match)
      throw new DdnsStepError({
        stage: 'check',
        kind: 'provider',
        message: 'the address check page answered without an IPv4 address',
      });
    return match[0];
  }

  /** Sends one update to the account's provider. */
  async update(t: UpdateTarget, ip: string): Promise<UpdateOutcome> {
    const provider = DDNS_PROVIDERS.find((p) => p.id === t.provider);
    if (!provider)
      return {
        ok: false,
        result: `unknown provider ${t.provider}`,
        failure: { stage: 'update', kind: 'other', message: `unknown provider ${t.provider}` },
      };
    const base = this.options.providerUrls?.[provider.id] ?? provider.url ?? '';
    const basic = t.username
      ? { authorization: `Basic ${Buffer.from(`${t.username}:${t.secret}`).toString('base64')}` }
      : undefined;
    switch (provider.protocol) {
      case 'dyndns2': {
        const url = new URL(base);
        url.searchParams.set('hostname', t.hostname);
        url.searchParams.set('myip', ip);
        const { status, text } = await this.get(url.toString(), 'update', basic);
        const answer = oneLine(text);
        const ok = status < 300 && /^(good|nochg)\b/.test(answer);
        return outcome(ok, answer || `HTTP ${status}`, status, answer);
      }
      case 'duckdns': {
        const url = new URL(base);
        url.searchParams.set('domains', t.hostname.replace(/\.duckdns\.org$/i, ''));
        url.searchParams.set('token', t.secret);
        url.searchParams.set('ip', ip);
        const { status, text } = await this.get(url.toString(), 'update');
        const answer = oneLine(text);
        return outcome(status < 300 && answer.startsWith('OK'), answer || `HTTP ${status}`, status, answer);
      }
      case 'custom': {
        const url = t.update_url
          .replaceAll(IP_PLACEHOLDER, encodeURIComponent(ip))
          .replaceAll('%HOST%', encodeURIComponent(t.hostname))
          .replaceAll('%TTL%', String(t.ttl));
        const { status, text } = await this.get(url, 'update', basic);
        const answer = oneLine(text);
        const ok = status >= 200 && status < 300;
        return outcome(ok, `HTTP ${status}${answer ? ` ${answer}` : ''}`, status, answer);
      }
    }
  }
}
