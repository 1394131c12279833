/**
 * A real OpenID provider for tests: `oidc-provider` run as a Node child process (test/support/oidc-provider.mjs; the
 * package is ESM only) on a free loopback port. `signIn` plays the browser at the provider: it follows an
 * authorisation URL through the provider's login and consent forms and returns the redirect back to the client.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './slapd';

export interface OidcAccount {
  sub: string;
  password: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  groups?: string[];
}

export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

export const ALICE: OidcAccount = {
  sub: 'alice',
  password: 'alice-oidc-secret',
  email: 'alice@oidc.test',
  email_verified: true,
  name: 'Alice Liddell',
  preferred_username: 'alice',
  groups: ['admins', 'ops'],
};

export async function startOidcProvider(setup: {
  clients: OidcClient[];
  accounts?: OidcAccount[];
  port?: number;
}): Promise<OidcProvider> {
  const port = setup.port ?? (await freePort());
  const script = path.join(__dirname, 'oidc-provider.mjs');
  const child = spawn(
    process.execPath,
    [script, JSON.stringify({ port, clients: setup.clients, accounts: setup.accounts ?? [ALICE] })],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`oidc-provider did not start: ${log}`)), 15_000);
    child.stdout?.on('data', (d: Buffer) => {
      log += d.toString();
      const m = /ready (\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`oidc-provider exited (${code}): ${log}`));
    });
  });
  return {
    issuer,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Follows `authUrl` at the provider as a browser would: login form (account name and password), consent, until the
 * provider redirects to a URL outside itself, which is returned (the client's callback with `code` and `state`).
 */
export async function signIn(
  issuer: string,
  authUrl: string,
  login: string,
  password: string,
): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  let url = authUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    if (!url.startsWith(issuer)) return url;
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      redirect: 'manual',
    });
    keep(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 200)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    url = new URL(action, url).toString();
    body = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password } : {}) });
  }
  throw new Error('too many steps at the provider');
}
