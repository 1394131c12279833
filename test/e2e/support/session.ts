/**
 * Signs the seeded admin in through the appliance's local authentication, the way the login page does (first access
 * changes the one-time password once), so a browser context carries a real session.
 */
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import type { RunningServer } from './server';

export const ADMIN_PASSWORD = 'e2e-Admin-password-2026!';

export function seededPassword(output: string): string {
  const m = /Seeded admin: admin \/ (\S+)/.exec(output);
  if (!m) throw new Error(`no seeded admin in the server output:\n${output}`);
  return m[1];
}

export async function xsrfHeader(
  context: BrowserContext,
  server: RunningServer,
): Promise<Record<string, string>> {
  const token = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { 'X-XSRF-TOKEN': token };
}

export async function postForm(
  context: BrowserContext,
  server: RunningServer,
  url: string,
  form: Record<string, string>,
) {
  return context.request.post(`${server.url}${url}`, { form, headers: await xsrfHeader(context, server) });
}

export async function postJson(context: BrowserContext, server: RunningServer, url: string, data: unknown) {
  return context.request.post(`${server.url}${url}`, { data, headers: await xsrfHeader(context, server) });
}

/**
 * Logs `username` in with `password`; an account still on its one-time password `initial` changes it to
 * `password` first (the first access), as the login page makes it.
 */
export async function loginAs(
  context: BrowserContext,
  server: RunningServer,
  username: string,
  initial: () => string,
  password = ADMIN_PASSWORD,
) {
  await context.request.get(`${server.url}/account/login`); // sets XSRF-TOKEN
  let res = await postForm(context, server, '/api/auth/login', { username, password });
  if (res.status() === 401) {
    res = await postForm(context, server, '/api/auth/login', { username, password: initial() });
    expect(res.ok()).toBe(true);
    const changed = await postForm(context, server, '/api/auth/change_password', {
      username,
      password: initial(),
      new_password: password,
    });
    expect(changed.ok()).toBe(true);
    res = await postForm(context, server, '/api/auth/login', { username, password });
  }
  expect(res.ok()).toBe(true);
  expect((await context.cookies(server.url)).some((c) => c.name === 'rampart_session')).toBe(true);
}

/** Logs the seeded admin in; with `acceptAgreements` it also acknowledges every pending agreement. */
export async function loginAsAdmin(
  context: BrowserContext,
  server: RunningServer,
  options: { acceptAgreements?: boolean } = {},
) {
  const request: APIRequestContext = context.request;
  await loginAs(context, server, 'admin', () => seededPassword(server.output()));
  if (options.acceptAgreements) {
    const messages = (await (await request.get(`${server.url}/api/users/me/messages`)).json()) as {
      data: Array<{ id: string; version_id: string; type: string }>;
    };
    for (const m of messages.data.filter((x) => x.type === 'agreement')) {
      expect(
        (
          await postJson(context, server, '/api/users/me/ack-messages', {
            message_id: m.id,
            version_id: m.version_id,
          })
        ).ok(),
      ).toBe(true);
    }
  }
}
