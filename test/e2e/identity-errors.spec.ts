/**
 * Identity errors in Chromium against the built server: a browser flow the identity service refuses lands on the
 * console's /error/ page, which reads the stored error and shows it in the console's words with the way back.
 */
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server?.stop());

const url = (p: string) => `${server.url}${p}`;

test('a refused return_to lands on the error page, which explains it and leads back to log in', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const foreign: string[] = [];
  await page.route(
    (u) => u.hostname === 'other.host',
    (route) => {
      foreign.push(route.request().url());
      return route.abort();
    },
  );
  // A plain browser navigation to the identity service (no JSON): the service redirects to /error/?id=.
  await page.goto(
    url(`/identity/self-service/login/browser?return_to=${encodeURIComponent('/.//other.host/page')}`),
  );
  await expect(page).toHaveURL(/\/error\/\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText(
    'The page you were to be sent back to is not allowed. For your safety, you were not sent there.',
  );
  await expect(alert).toContainText('Error 400 (self_service_flow_return_to_forbidden)');

  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(url('/login/'));
  await expect(page.getByLabel('E-Mail')).toBeVisible();
  expect(foreign).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('an unknown or missing error id says so instead of failing', async ({ page }) => {
  for (const path of ['/error/?id=00000000-0000-4000-8000-000000000000', '/error/']) {
    await page.goto(url(path));
    await expect(page.getByRole('main').getByRole('alert')).toContainText('This error is not known');
    await expect(page.getByRole('link', { name: 'Go to the console' })).toHaveAttribute('href', '/');
  }
});
