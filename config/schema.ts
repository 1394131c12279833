/**
 * Environment overrides and validation. Each key names its variable and a parser that returns the value or a
 * sentence saying what is allowed; a bad value stops the server with one line naming the key.
 */
import { isIp, isIpv6 } from '../src/lib/validation/validators';
import type {
  Config,
  Environment,
  MessagingMode,
  PasswordHashCost,
  RenderMode,
  ServicesBackend,
} from './defaults';

type Parser<T> = (raw: string) => T | { error: string };

const bool: Parser<boolean> = (raw) => {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  return { error: 'allowed: true or false' };
};
const int =
  (min: number, max: number): Parser<number> =>
  (raw) => {
    if (!/^\d+$/.test(raw.trim())) return { error: `allowed: a whole number from ${min} to ${max}` };
    const n = Number(raw);
    return n >= min && n <= max ? n : { error: `allowed: a whole number from ${min} to ${max}` };
  };
const oneOf =
  <T extends string>(...values: T[]): Parser<T> =>
  (raw) =>
    (values as string[]).includes(raw) ? (raw as T) : { error: `allowed: ${values.join(', ')}` };
const text =
  (pattern?: RegExp, what?: string): Parser<string> =>
  (raw) =>
    !pattern || pattern.test(raw) ? raw : { error: `allowed: ${what}` };
const origin: Parser<string> = (raw) => {
  if (raw === '') return '';
  try {
    const u = new URL(raw);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && (u.pathname === '/' || u.pathname === ''))
      return u.origin;
  } catch {
    /* fall through */
  }
  return { error: 'allowed: an http(s) origin such as https://console.example.com, or empty' };
};
/** Comma- or space-separated http(s) origins (redirect allow-list); empty = none. */
const originList: Parser<string[]> = (raw) => {
  const out: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    // Scheme, host and port only: a path, query or user name in an allow-list entry is a mistake.
    const parsed = /^https?:\/\/[^/?#@]+\/?$/i.test(entry) ? origin(entry) : { error: '' };
    if (typeof parsed !== 'string' || parsed === '')
      return {
        error: `"${entry}" is not an http(s) origin; allowed: origins such as https://id.example.com, comma-separated`,
      };
    if (!out.includes(parsed)) out.push(parsed);
  }
  return out;
};
/** Comma- or space-separated IP addresses or CIDRs (`10.0.0.0/8`, `::1`); empty = none. */
const addressList: Parser<string[]> = (raw) => {
  const out: string[] = [];
  for (const entry of raw.split(/[\s,]+/).filter(Boolean)) {
    const [address, bits, extra] = entry.split('/');
    const family = isIp(address) ? 4 : isIpv6(address) ? 6 : 0;
    const max = family === 4 ? 32 : 128;
    const valid =
      family !== 0 &&
      extra === undefined &&
      (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max));
    if (!valid)
      return { error: `"${entry}" is not an IP address or CIDR; allowed: e.g. 127.0.0.1, 10.0.0.0/8, ::1` };
    out.push(entry);
  }
  return out;
};
/** A path starting with `/` or an absolute http(s) URL. */
const base =
  (trailingSlash: boolean): Parser<string> =>
  (raw) => {
    const ok = /^\/[\w\-./]*$/.test(raw) || /^https?:\/\/[^\s]+$/.test(raw);
    if (!ok) return { error: 'allowed: a path starting with / or an http(s) URL' };
    if (trailingSlash && !raw.endsWith('/')) return raw + '/';
    if (!trailingSlash && raw.length > 1 && raw.endsWith('/')) return raw.slice(0, -1);
    return raw;
  };

interface KeySpec {
  key: string;
  env: string;
  parse: Parser<unknown>;
  set: (c: Config, v: unknown) => void;
}
const spec = <T>(key: string, env: string, parse: Parser<T>, set: (c: Config, v: T) => void): KeySpec => ({
  key,
  env,
  parse: parse as Parser<unknown>,
  set: set as (c: Config, v: unknown) => void,
});

/** The documented environment variables (README "Configuration"). */
export const configKeys: KeySpec[] = [
  spec('host', 'RAMPART_HOST', text(/^[\w.:-]+$/, 'a host name or IP address'), (c, v) => (c.host = v)),
  spec('port', 'PORT', int(0, 65535), (c, v) => (c.port = v)),
  spec('port', 'RAMPART_PORT', int(0, 65535), (c, v) => (c.port = v)),
  spec('publicUrl', 'RAMPART_PUBLIC_URL', origin, (c, v) => (c.publicUrl = v)),
  spec('apiBase', 'RAMPART_API_BASE', base(true), (c, v) => (c.apiBase = v)),
  spec('identityBase', 'RAMPART_IDENTITY_BASE', base(false), (c, v) => (c.identityBase = v)),
  spec('authBase', 'RAMPART_AUTH_BASE', base(false), (c, v) => (c.authBase = v)),
  spec(
    'authLoginPath',
    'RAMPART_AUTH_LOGIN_PATH',
    text(/^\/[\w\-/]*$/, 'a path starting with /'),
    (c, v) => (c.authLoginPath = v),
  ),
  spec(
    'authChangePasswordPath',
    'RAMPART_AUTH_CHANGE_PASSWORD_PATH',
    text(/^\/[\w\-/]*$/, 'a path starting with /'),
    (c, v) => (c.authChangePasswordPath = v),
  ),
  spec('localAuth', 'RAMPART_LOCAL_AUTH', bool, (c, v) => (c.localAuth = v)),
  spec('bearerMode', 'RAMPART_BEARER_MODE', bool, (c, v) => (c.bearerMode = v)),
  spec(
    'renderMode',
    'RAMPART_RENDER_MODE',
    oneOf<RenderMode>('redirect', 'passive'),
    (c, v) => (c.renderMode = v),
  ),
  spec('env', 'RAMPART_ENV', oneOf<Environment>('production', 'development', 'test'), (c, v) => (c.env = v)),
  spec('panels.admin', 'RAMPART_PANEL_ADMIN', bool, (c, v) => (c.panels.admin = v)),
  spec('panels.network', 'RAMPART_PANEL_NETWORK', bool, (c, v) => (c.panels.network = v)),
  spec('panels.custom', 'RAMPART_PANEL_CUSTOM', bool, (c, v) => (c.panels.custom = v)),
  spec(
    'panels.customLabel',
    'RAMPART_PANEL_CUSTOM_LABEL',
    text(/^.{0,40}$/, 'at most 40 characters'),
    (c, v) => (c.panels.customLabel = v),
  ),
  spec('notifications', 'RAMPART_NOTIFICATIONS', bool, (c, v) => (c.notifications = v)),
  spec('qaPanel', 'RAMPART_QA_PANEL', bool, (c, v) => (c.qaPanel = v)),
  spec(
    'messagingMode',
    'RAMPART_MESSAGING_MODE',
    oneOf<MessagingMode>('x', 'agreements'),
    (c, v) => (c.messagingMode = v),
  ),
  spec('parentOrigin', 'RAMPART_PARENT_ORIGIN', origin, (c, v) => (c.parentOrigin = v)),
  spec('redirectOrigins', 'RAMPART_REDIRECT_ORIGINS', originList, (c, v) => (c.redirectOrigins = v)),
  spec('dataDir', 'RAMPART_DATA_DIR', text(/^.+$/, 'a directory path'), (c, v) => (c.dataDir = v)),
  spec('embedded', 'RAMPART_EMBEDDED', bool, (c, v) => (c.embedded = v)),
  spec(
    'smtpUrl',
    'RAMPART_SMTP_URL',
    text(/^(smtps?:\/\/\S+)?$/, 'an smtp:// or smtps:// URL, or empty'),
    (c, v) => (c.smtpUrl = v),
  ),
  spec('mailFrom', 'RAMPART_MAIL_FROM', text(/^.{3,200}$/, 'a sender address'), (c, v) => (c.mailFrom = v)),
  spec('syslogPort', 'RAMPART_SYSLOG_PORT', int(0, 65535), (c, v) => (c.syslogPort = v)),
  spec('httpsPort', 'RAMPART_HTTPS_PORT', int(0, 65535), (c, v) => (c.httpsPort = v)),
  spec(
    'httpsCertificate',
    'RAMPART_HTTPS_CERTIFICATE',
    text(/^([A-Za-z0-9_.-]{1,128})?$/, 'the id of a PKI certificate, or empty'),
    (c, v) => (c.httpsCertificate = v),
  ),
  spec('logRetentionDays', 'RAMPART_LOG_RETENTION_DAYS', int(1, 3650), (c, v) => (c.logRetentionDays = v)),
  spec(
    'logRetentionCount',
    'RAMPART_LOG_RETENTION_COUNT',
    int(100, 100_000_000),
    (c, v) => (c.logRetentionCount = v),
  ),
  spec(
    'dnsQueryRetentionDays',
    'RAMPART_DNS_QUERY_RETENTION_DAYS',
    int(1, 3650),
    (c, v) => (c.dnsQueryRetentionDays = v),
  ),
  spec(
    'dnsQueryRetentionCount',
    'RAMPART_DNS_QUERY_RETENTION_COUNT',
    int(100, 100_000_000),
    (c, v) => (c.dnsQueryRetentionCount = v),
  ),
  spec(
    'revisionRetentionCount',
    'RAMPART_REVISION_RETENTION_COUNT',
    int(10, 10_000_000),
    (c, v) => (c.revisionRetentionCount = v),
  ),
  spec(
    'revisionRetentionDays',
    'RAMPART_REVISION_RETENTION_DAYS',
    int(0, 36500),
    (c, v) => (c.revisionRetentionDays = v),
  ),
  spec(
    'networkSampleSeconds',
    'RAMPART_NETWORK_SAMPLE_SECONDS',
    int(1, 3600),
    (c, v) => (c.networkSampleSeconds = v),
  ),
  spec(
    'networkRetentionDays',
    'RAMPART_NETWORK_RETENTION_DAYS',
    int(1, 366),
    (c, v) => (c.networkRetentionDays = v),
  ),
  spec('trustProxy', 'RAMPART_TRUST_PROXY', bool, (c, v) => (c.trustProxy = v)),
  spec(
    'logLevel',
    'RAMPART_LOG_LEVEL',
    oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    (c, v) => (c.logLevel = v),
  ),
  spec('logFormat', 'RAMPART_LOG_FORMAT', oneOf('auto', 'text', 'json'), (c, v) => (c.logFormat = v)),
  spec('buildPollSeconds', 'RAMPART_BUILD_POLL_SECONDS', int(1, 86400), (c, v) => (c.buildPollSeconds = v)),
  spec('pageCacheSeconds', 'RAMPART_PAGE_CACHE_SECONDS', int(0, 60), (c, v) => (c.pageCacheSeconds = v)),
  spec(
    'services',
    'RAMPART_SERVICES',
    oneOf<ServicesBackend>('embedded', 'systemd', 'off'),
    (c, v) => (c.services = v),
  ),
  spec('dnsPort', 'RAMPART_DNS_PORT', int(0, 65535), (c, v) => (c.dnsPort = v)),
  spec('sshPort', 'RAMPART_SSH_PORT', int(0, 65535), (c, v) => (c.sshPort = v)),
  spec(
    'metricsToken',
    'RAMPART_METRICS_TOKEN',
    text(/^(|[\x21-\x7e]{32,256})$/, 'empty, or 32 to 256 visible ASCII characters'),
    (c, v) => (c.metricsToken = v),
  ),
  spec('metricsAllow', 'RAMPART_METRICS_ALLOW', addressList, (c, v) => (c.metricsAllow = v)),
  spec(
    'applyConfirmSeconds',
    'RAMPART_APPLY_CONFIRM_SECONDS',
    int(1, 3600),
    (c, v) => (c.applyConfirmSeconds = v),
  ),
  spec(
    'cryptoBudgetSeconds',
    'RAMPART_CRYPTO_BUDGET_SECONDS',
    int(1, 600),
    (c, v) => (c.cryptoBudgetSeconds = v),
  ),
  spec(
    'passwordHashCost',
    'RAMPART_PASSWORD_HASH_COST',
    oneOf<PasswordHashCost>('owasp', 'minimal'),
    (c, v) => (c.passwordHashCost = v),
  ),
  spec(
    'sessionIdleSeconds',
    'RAMPART_SESSION_IDLE_SECONDS',
    int(10, 86400),
    (c, v) => (c.sessionIdleSeconds = v),
  ),
  spec(
    'sessionMaxSeconds',
    'RAMPART_SESSION_MAX_SECONDS',
    int(60, 604800),
    (c, v) => (c.sessionMaxSeconds = v),
  ),
  spec(
    'sessionWarnSeconds',
    'RAMPART_SESSION_WARN_SECONDS',
    int(5, 3600),
    (c, v) => (c.sessionWarnSeconds = v),
  ),
  spec(
    'reauthMaxAgeSeconds',
    'RAMPART_REAUTH_MAX_AGE_SECONDS',
    int(10, 86400),
    (c, v) => (c.reauthMaxAgeSeconds = v),
  ),
  spec(
    'fleetStaleAfterSeconds',
    'RAMPART_FLEET_STALE_AFTER_SECONDS',
    int(6, 3600),
    (c, v) => (c.fleetStaleAfterSeconds = v),
  ),
];
