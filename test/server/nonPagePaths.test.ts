/**
 * Requests that are not pages (API probes, identity paths without the identity prefix, well-known files, icons) get
 * a plain 404 or their file, and rendering them leaves no React Router warning on the server's console.
 */
import { startServer, type Harness } from '../appliance/support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(() => h.close());

const NON_PAGES: Array<[string, number, RegExp]> = [
  ['/api/whatever', 404, /application\/json/],
  ['/self-service/login/browser', 404, /text\/html/],
  ['/self-service/whoami', 404, /text\/html/],
  ['/sessions/whoami', 404, /text\/html/],
  ['/.well-known/security.txt', 404, /text\/html/],
  ['/wp-login.php', 404, /text\/html/],
  ['/robots.txt', 404, /text\/html/],
  ['/favicon.ico', 200, /image\/svg\+xml/],
];

it.each(NON_PAGES)('%s answers %d with no router warning', async (url, status, type) => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const res = await h.app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toMatch(type);
    if (status === 404 && /html/.test(String(res.headers['content-type']))) {
      expect(res.body).toContain('Page Not Found');
    }
    expect(warn.mock.calls).toEqual([]);
    expect(error.mock.calls).toEqual([]);
  } finally {
    warn.mockRestore();
    error.mockRestore();
  }
});
