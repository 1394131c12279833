/** XSRF double-submit: a signed-in browser's write without the matching header never reaches a handler. */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../e2e/support/server';
import { adminJar, rawRequest, type Jar } from './support/http';

let server: RunningServer;
let jar: Jar;

test.beforeAll(async () => {
  server = await startServer();
  jar = await adminJar(server);
});
test.afterAll(async () => server.stop());

const missingOrWrong: Array<[string, Record<string, string>]> = [
  ['no header', {}],
  ['empty header', { 'x-xsrf-token': '' }],
  ['wrong header', { 'x-xsrf-token': 'not-the-token' }],
];

for (const [name, headers] of missingOrWrong) {
  test(`PUT /api/config/settings with ${name} is refused with 403`, async () => {
    const res = await rawRequest(server, {
      method: 'PUT',
      path: '/api/config/settings',
      headers: { cookie: jar.header(), 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ primary_color: '#ff0000' }),
    });
    expect(res.status).toBe(403);
    expect(res.body).toContain('XSRF');
  });
}
