/**
 * Typed configuration of the console server and what it embeds.
 * Every key has a default that runs the whole console on one machine (§ "The one-machine default" of the design).
 */
export type Environment = 'production' | 'development' | 'test';
/** `redirect`: anonymous visitors of protected pages are sent to the login page (spec §4: only in this mode). `passive`: pages render and the API answers 401. */
export type RenderMode = 'redirect' | 'passive';
/** Messaging center mode (spec §7): `x` loads every message at start; `agreements` shows only agreements. */
export type MessagingMode = 'x' | 'agreements';
/**
 * Who runs the daemons the console configures (DNS proxy, SSH): `embedded` starts and supervises them as child
 * processes from the data directory (loopback, unprivileged ports); `systemd` asks systemctl (a real appliance);
 * `off` only writes and checks their configuration.
 */
export type ServicesBackend = 'embedded' | 'systemd' | 'off';
/** Cost of password hashing (src/service-kit/passwordHash.ts): the OWASP baseline, or the least argon2id allows. */
export type PasswordHashCost = 'owasp' | 'minimal';

export interface PanelFlags {
  admin: boolean;
  network: boolean;
  custom: boolean;
  customLabel: string;
}

export interface Config {
  host: string;
  port: number;
  /** Public origin the browser sees (used for redirects and cookie security); empty = derived from host and port. */
  publicUrl: string;
  /** Base of the appliance API as the browser calls it, ending with `/` (spec §7 `{api}`). */
  apiBase: string;
  /** Base of the identity self-service API (Kratos public API). */
  identityBase: string;
  /** Base of local authentication endpoints (spec §7 `{base}`) and their paths. */
  authBase: string;
  authLoginPath: string;
  authChangePasswordPath: string;
  /** Local authentication is forced or preferred: titles use their Local variant. */
  localAuth: boolean;
  bearerMode: boolean;
  renderMode: RenderMode;
  env: Environment;
  panels: PanelFlags;
  notifications: boolean;
  /** The QA panel of live machine actors (Ctrl+Alt+Q) in a production build; always on in development. */
  qaPanel: boolean;
  messagingMode: MessagingMode;
  /** Origin allowed to receive agreement messages from an embedding parent window; empty = same origin. */
  parentOrigin: string;
  /** Origins besides the console's own (and an external identity service's) that a redirect may lead to. */
  redirectOrigins: string[];
  dataDir: string;
  /** Run the embedded appliance API and identity service in this process. */
  embedded: boolean;
  /** smtp(s)://user:pass@host:port; empty keeps mail in the outbox table and logs the code. */
  smtpUrl: string;
  mailFrom: string;
  /** UDP/TCP loopback port of the syslog receiver; 0 = off. */
  syslogPort: number;
  /** Port of the console's optional HTTPS listener (same host, same routes); 0 = off. */
  httpsPort: number;
  /** Id of the PKI certificate (with its key) the HTTPS listener serves; its renewals are followed. */
  httpsCertificate: string;
  logRetentionDays: number;
  logRetentionCount: number;
  /** Days the DNS query log keeps its records. */
  dnsQueryRetentionDays: number;
  /** Records the DNS query log keeps at most (the oldest go first). */
  dnsQueryRetentionCount: number;
  /** Configuration revisions kept at most (the oldest go first). */
  revisionRetentionCount: number;
  /** Days configuration revisions are kept (0: as long as the count allows). */
  revisionRetentionDays: number;
  /** Seconds between samples of the network interface counters stored for the analytics page. */
  networkSampleSeconds: number;
  /** Days the stored network samples are kept. */
  networkRetentionDays: number;
  /** Trust X-Forwarded-* from a proxy in front of the console. */
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Log lines: `text` for people, `json` for collectors, `auto` picks text when stdout is a terminal. */
  logFormat: 'auto' | 'text' | 'json';
  /** Seconds between client polls of /_build/latest.json. */
  buildPollSeconds: number;
  /**
   * Seconds a signed-in page is kept for the very same input (address, account, state): repeated requests skip the
   * render; text that counts time is at most this old. 0 renders every request.
   */
  pageCacheSeconds: number;
  services: ServicesBackend;
  /** Factory port of the DNS proxy's settings; 0 = the backend's (embedded 5353, otherwise 53). */
  dnsPort: number;
  /** Factory port of the SSH settings; 0 = the backend's (embedded 2222, otherwise 22). */
  sshPort: number;
  /** Bearer token a Prometheus scraper sends to `/metrics` (at least 32 characters); empty = none. */
  metricsToken: string;
  /** Addresses or CIDRs that may scrape `/metrics` without the token; empty = none. */
  metricsAllow: string[];
  /** Seconds an admin has to keep a lock-out-prone change (SSH port, …) before the appliance rolls it back. */
  applyConfirmSeconds: number;
  /** Seconds without a request after which a console or identity session ends (the idle timeout). */
  sessionIdleSeconds: number;
  /**
   * Seconds one CPU-heavy cryptographic task (opening a PKCS#12 file, generating a key, building a CRL) may run on
   * the worker pool before it is stopped.
   */
  cryptoBudgetSeconds: number;
  /**
   * Cost of the password hashes both embedded services make: `owasp` (argon2id 19 MiB, 2 passes) or `minimal`
   * (64 KiB, 1 pass) for test runs, which hash thousands of passwords. Hashes carry their own parameters, so
   * either setting verifies hashes made at the other.
   */
  passwordHashCost: PasswordHashCost;
  /** Seconds after sign-in after which a session ends whatever the activity (the absolute lifetime). */
  sessionMaxSeconds: number;
  /** Seconds before the idle timeout at which the console warns and offers to extend the session. */
  sessionWarnSeconds: number;
  /** Seconds a sign-in counts as recent for sensitive changes; older sessions must re-authenticate first. */
  reauthMaxAgeSeconds: number;
  /**
   * Seconds after which a managed appliance whose newest state record is older counts as offline; its agent
   * reports at least three times within it (at most every 15 s).
   */
  fleetStaleAfterSeconds: number;
}

export const defaults: Config = {
  host: '127.0.0.1',
  port: 8080,
  publicUrl: '',
  apiBase: '/api/',
  identityBase: '/identity',
  authBase: '/api/auth',
  authLoginPath: '/login',
  authChangePasswordPath: '/change_password',
  localAuth: true,
  bearerMode: false,
  renderMode: 'redirect',
  env: 'production',
  panels: { admin: false, network: false, custom: false, customLabel: '' },
  notifications: true,
  qaPanel: false,
  messagingMode: 'agreements',
  parentOrigin: '',
  redirectOrigins: [],
  dataDir: './data',
  embedded: true,
  smtpUrl: '',
  mailFrom: 'Rampart <no-reply@rampart.local>',
  syslogPort: 0,
  httpsPort: 0,
  httpsCertificate: '',
  logRetentionDays: 30,
  logRetentionCount: 100000,
  dnsQueryRetentionDays: 7,
  dnsQueryRetentionCount: 1000000,
  revisionRetentionCount: 10000,
  revisionRetentionDays: 0,
  networkSampleSeconds: 60,
  networkRetentionDays: 7,
  trustProxy: false,
  logLevel: 'info',
  logFormat: 'auto',
  buildPollSeconds: 60,
  pageCacheSeconds: 5,
  services: 'embedded',
  dnsPort: 0,
  sshPort: 0,
  metricsToken: '',
  metricsAllow: [],
  applyConfirmSeconds: 60,
  sessionIdleSeconds: 900,
  cryptoBudgetSeconds: 30,
  passwordHashCost: 'owasp',
  sessionMaxSeconds: 28800,
  sessionWarnSeconds: 120,
  reauthMaxAgeSeconds: 600,
  fleetStaleAfterSeconds: 30,
};
