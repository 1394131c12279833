/**
 * Raw HTTP for the security corpus: paths are sent byte for byte as written (no URL normalisation, unlike fetch or
 * Playwright's request API), so encoded, doubled and dot-segment spellings reach the server as an attacker sends them.
 */
import http from 'node:http';
import type { RunningServer } from '../../e2e/support/server';
import { seededPassword } from '../../e2e/support/session';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: <T = unknown>() => T;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export function rawRequest(server: RunningServer, req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: req.method ?? 'GET',
        path: req.path,
        headers: {
          ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}),
          ...req.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
      },
    );
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** Cookies of a response as `name=value` pairs (attributes dropped). */
export function setCookies(res: RawResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}

/** A cookie jar kept by hand, so each test decides exactly which cookies and headers a request carries. */
export class Jar {
  readonly cookies: Record<string, string> = {};
  absorb(res: RawResponse): RawResponse {
    for (const [k, v] of Object.entries(setCookies(res))) {
      if (v === '') delete this.cookies[k];
      else this.cookies[k] = v;
    }
    return res;
  }
  header(): string {
    return Object.entries(this.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }
}

export const ADMIN_PASSWORD = 'Security-suite-Admin-2026!';

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/**
 * Signs the seeded admin in over raw HTTP (first access changes the one-time password once) and returns a jar with
 * the session and XSRF cookies, the way a signed-in browser holds them.
 */
export async function adminJar(server: RunningServer): Promise<Jar> {
  const jar = new Jar();
  jar.absorb(await rawRequest(server, { path: '/account/login' }));
  const xsrf = () => Object.entries(jar.cookies).find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1] ?? '';
  const post = async (path: string, fields: Record<string, string>) =>
    jar.absorb(
      await rawRequest(server, {
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: jar.header(),
          'x-xsrf-token': xsrf(),
        },
        body: form(fields),
      }),
    );
  let res = await post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  if (res.status !== 200) {
    const initial = seededPassword(server.output());
    await post('/api/auth/login', { username: 'admin', password: initial });
    const changed = await post('/api/auth/change_password', {
      username: 'admin',
      password: initial,
      new_password: ADMIN_PASSWORD,
    });
    if (changed.status !== 200) throw new Error(`change password failed: ${changed.status} ${changed.body}`);
    res = await post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  }
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
  return jar;
}
