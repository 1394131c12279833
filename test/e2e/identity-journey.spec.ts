/**
 * The identity self-service journey in Chromium against the built server and its embedded Kratos-compatible
 * identity service (issue 4, Tests and Security): codes are read out of real mail caught by a local SMTP server,
 * second-factor codes come from the secret the settings page shows. Sign up → verify → log in → enable TOTP →
 * log out → log in with password and code → recover by code → new password → log in with it; plus the failure
 * paths: wrong password, wrong codes, an expired flow, a CSRF failure and open-redirect attempts.
 */
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import path from 'node:path';
import { generateSync } from 'otplib';
import { mailCode, startMailCatcher, type MailCatcher } from './support/mail';
import { startServer, type RunningServer } from './support/server';

const EMAIL = 'journey@example.com';
const PASSWORD = 'Blue-Harbour-Lantern-47';
const NEW_PASSWORD = 'Quiet-Meadow-Compass-83';

let mail: MailCatcher;
let server: RunningServer;
let totpSecret = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ RAMPART_SMTP_URL: mail.url });
});
test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

const url = (p: string) => `${server.url}${p}`;
const alertText = (page: Page) => page.getByRole('main').getByRole('alert');

const STEP_S = 30;
let lastUsedStep = 0;
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_S);

/**
 * A TOTP code the service accepts (current step ± 1) and has not seen: it refuses a step used before, so a code is
 * taken from a later step than the last one used, waiting for the clock when the window holds none.
 */
async function freshTotp(): Promise<string> {
  let step = Math.max(currentStep(), lastUsedStep + 1);
  while (step > currentStep() + 1) {
    await new Promise((r) => setTimeout(r, 500));
    step = Math.max(currentStep(), lastUsedStep + 1);
  }
  lastUsedStep = step;
  return generateSync({ secret: totpSecret, epoch: step * STEP_S });
}

/** A six-digit code that none of the accepted steps (previous, current, next) has. */
function wrongTotp(): string {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set([-30, 0, 30, 60].map((d) => generateSync({ secret: totpSecret, epoch: now + d })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/** The identity service's view of the browser's session (its cookies go along with page.request). */
async function whoami(page: Page): Promise<{ status: number; aal?: string; email?: string }> {
  const res = await page.request.get(url('/identity/sessions/whoami'), {
    headers: { Accept: 'application/json' },
  });
  if (res.status() !== 200) return { status: res.status() };
  const body = (await res.json()) as {
    authenticator_assurance_level: string;
    identity: { traits: { email: string } };
  };
  return { status: 200, aal: body.authenticator_assurance_level, email: body.identity.traits.email };
}

async function passwordLogin(page: Page, email: string, password: string) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

test('sign up, verify by mailed code, log in, enable TOTP, log out, log in with the code', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  // Sign up: e-mail, password with its strength indicator, terms.
  await page.goto(url('/signup/'));
  await page.getByLabel('E-Mail').fill(EMAIL);
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toBeVisible();
  await password.fill('abc');
  await expect(page.getByText(/Password strength: (Very weak|Weak)/)).toBeVisible();
  await password.fill(PASSWORD);
  await expect(page.getByText(/Password strength: (Good|Strong)/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Account created' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(EMAIL);

  // A wrong verification code is refused; the mailed one verifies the address.
  const verificationMail = await mail.next(EMAIL);
  expect(verificationMail.text).toMatch(/verify/i);
  await page.getByRole('link', { name: 'Enter the code from the e-mail' }).click();
  await expect(page).toHaveURL(/\/verification\/\?/);
  const code = page.getByLabel(/code/i);
  const wrong = mailCode(verificationMail) === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await page
    .getByRole('button', { name: /verify|continue|submit/i })
    .first()
    .click();
  await expect(alertText(page)).toHaveText(
    'The verification code is not valid or has been used. Please try again.',
  );
  await page.getByLabel(/code/i).fill(mailCode(verificationMail));
  await page
    .getByRole('button', { name: /verify|continue|submit/i })
    .first()
    .click();
  // §2 passed_challenge shows its messages and goes to / (which asks an anonymous visitor to log in).
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Your e-mail address is verified.'),
  ).toBeVisible();
  await expect(page).toHaveURL(url('/account/login?return_to=%2F'));

  // Log in with a wrong password, then the right one; the login returns to the page it was asked to.
  await page.goto(url(`/login/?return_to=${encodeURIComponent(url('/settings/'))}`));
  await passwordLogin(page, EMAIL, 'Not-The-Password-1');
  await expect(alertText(page)).toHaveText('Wrong username or password.');
  expect((await whoami(page)).status).toBe(401);
  await passwordLogin(page, EMAIL, PASSWORD);
  await expect(page).toHaveURL(url('/settings/'));
  expect(await whoami(page)).toMatchObject({ status: 200, aal: 'aal1', email: EMAIL });

  // Settings: link an authenticator app with a code computed from the secret the page shows.
  const app = page.getByRole('group', { name: 'Authenticator app' });
  const secretNode = app.locator('code');
  await expect(secretNode).toBeVisible();
  totpSecret = (await secretNode.innerText()).trim();
  expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
  await app.getByLabel('Verify code').fill(await freshTotp());
  await app.getByRole('button', { name: 'Save' }).click();
  // Saved; the app is linked (it can be unlinked now), backup codes are offered, the session is raised to aal2.
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Unlink the authenticator app' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  expect(await whoami(page)).toMatchObject({ status: 200, aal: 'aal2' });

  // Log out, then log in with the password and the second factor.
  await page.goto(url('/logout/'));
  await expect(page).not.toHaveURL(/\/logout\//);
  expect(await whoami(page)).toEqual({ status: 401 });
  // The page asked for survives the second-factor step.
  await page.goto(url(`/login/?return_to=${encodeURIComponent(url('/settings/'))}`));
  await passwordLogin(page, EMAIL, PASSWORD);
  await expect(page.getByLabel(/authentication code/i)).toBeVisible();
  await page.getByLabel(/authentication code/i).fill(wrongTotp());
  await page.getByRole('button', { name: 'Use authenticator app' }).click();
  await expect(alertText(page)).toHaveText('The code is not valid. Please try again.');
  expect(await whoami(page)).toMatchObject({ status: 403 });
  await page.getByLabel(/authentication code/i).fill(await freshTotp());
  await page.getByRole('button', { name: 'Use authenticator app' }).click();
  await expect(page).toHaveURL(url('/settings/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  expect(await whoami(page)).toMatchObject({ status: 200, aal: 'aal2', email: EMAIL });

  expect(pageErrors).toEqual([]);
});

test('recover by mailed code, set a new password in settings, log in with it', async ({ page }) => {
  // Each second-factor code needs a step of its own (replays are refused): up to three 30 s waits.
  test.setTimeout(150_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const before = mail.count(EMAIL);

  await page.goto(url('/recovery/'));
  await page.getByLabel('E-mail').fill(EMAIL);
  // Spec §2: the recovery address step's button says Recover.
  await page.getByRole('button', { name: 'Recover' }).click();
  // Nothing says whether the address has an account.
  await expect(page.getByRole('status')).toHaveText(
    'An e-mail with a recovery code has been sent to the address you provided, if it belongs to an account.',
  );
  const recoveryMail = await mail.next(EMAIL, { after: before });
  expect(recoveryMail.text).toMatch(/recover/i);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = page.getByLabel(/code/i);
  await expect(code).toBeVisible();
  const wrong = mailCode(recoveryMail) === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(alertText(page)).toHaveText(
    'The recovery code is not valid or has been used. Please try again.',
  );
  await page.getByLabel('Recovery code').fill(mailCode(recoveryMail));
  await page.getByRole('button', { name: 'Continue' }).click();

  // The account has a second factor, so its settings ask for it first, then open.
  await expect(page).toHaveURL(/\/login\/\?flow=/);
  await expect(page.getByRole('status')).toHaveText('Please complete the second authentication step.');
  await page.getByLabel('Authentication code').fill(await freshTotp());
  await page.getByRole('button', { name: 'Use authenticator app' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  const passwordGroup = page.getByRole('group', { name: 'Password' });
  await passwordGroup.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
  await passwordGroup.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible();
  // The new password does not stay in the page.
  await expect(passwordGroup.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');

  // Log out; the old password no longer works, the new one (and the code) does.
  await page.goto(url('/logout/'));
  await expect(page).not.toHaveURL(/\/logout\//);
  expect(await whoami(page)).toEqual({ status: 401 });
  await page.goto(url(`/login/?return_to=${encodeURIComponent(url('/settings/'))}`));
  await passwordLogin(page, EMAIL, PASSWORD);
  await expect(alertText(page)).toHaveText('Wrong username or password.');
  await passwordLogin(page, EMAIL, NEW_PASSWORD);
  await page.getByLabel('Authentication code').fill(await freshTotp());
  await page.getByRole('button', { name: 'Use authenticator app' }).click();
  await expect(page).toHaveURL(url('/settings/'));
  expect(await whoami(page)).toMatchObject({ status: 200, aal: 'aal2', email: EMAIL });

  expect(pageErrors).toEqual([]);
});

/** Moves a flow's expiry into the past, as if its hour had run out. */
function expireFlow(flowId: string) {
  const db = new Database(path.join(server.dataDir, 'identity.db'));
  try {
    const row = db.prepare('SELECT expires_at FROM flows WHERE id = ?').get(flowId) as
      { expires_at: number } | undefined;
    if (!row) throw new Error(`no flow ${flowId}`);
    db.prepare('UPDATE flows SET expires_at = ?, issued_at = ? WHERE id = ?').run(
      Date.now() - 60_000,
      Date.now() - 3_660_000,
      flowId,
    );
  } finally {
    db.close();
  }
}

/** The id of the newest flow of a kind (the page holding it may not show it in its address). */
function newestFlowId(kind: string): string {
  const db = new Database(path.join(server.dataDir, 'identity.db'), { readonly: true });
  try {
    const row = db
      .prepare('SELECT id FROM flows WHERE kind = ? ORDER BY issued_at DESC LIMIT 1')
      .get(kind) as { id: string };
    return row.id;
  } finally {
    db.close();
  }
}

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
}

test('an expired flow says so and continues in a fresh flow', async ({ page }) => {
  await page.goto(url('/signup/'));
  await fillSignUp(page, 'late@example.com');
  const expired = newestFlowId('registration');
  expireFlow(expired);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(alertText(page)).toHaveText('The sign-up form expired. Please try again.');
  const fresh = newestFlowId('registration');
  expect(fresh).not.toBe(expired);

  await fillSignUp(page, 'late@example.com');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account created' })).toBeVisible();
  await mail.next('late@example.com');
});

test('a CSRF failure (anti-CSRF cookie gone mid-flow) is explained, nothing is saved, and a fresh flow works', async ({
  page,
}) => {
  await page.goto(url('/signup/'));
  await fillSignUp(page, 'forged@example.com');
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name.startsWith('csrf_token_'))).toBe(true);
  await page.context().clearCookies({ name: /^csrf_token_/ });
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Your session changed in another tab. The form was reloaded; please try again.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Account created' })).not.toBeVisible();
  expect(mail.count('forged@example.com')).toBe(0);

  await fillSignUp(page, 'forged@example.com');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account created' })).toBeVisible();
});

test('open-redirect attempts are refused', async ({ page }) => {
  const foreign: string[] = [];
  await page.route(
    (u) => u.hostname === 'evil.example',
    (route) => {
      foreign.push(route.request().url());
      return route.abort();
    },
  );
  for (const target of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
    await page.goto(url(`/login/?return_to=${encodeURIComponent(target)}`));
    await expect(alertText(page)).toHaveText(
      /^Requested return_to URL "[^"]*evil\.example\/?" is not allowed\.$/,
    );
    await expect(page.getByLabel('E-Mail')).not.toBeVisible();
  }
  // The identity service refuses the same addresses itself.
  for (const target of ['https://evil.example/', '//evil.example']) {
    const res = await page.request.get(
      url(`/identity/self-service/login/browser?return_to=${encodeURIComponent(target)}`),
      { headers: { Accept: 'application/json' }, maxRedirects: 0 },
    );
    expect(res.status()).toBe(400);
    expect((await res.json()).error.id).toBe('self_service_flow_return_to_forbidden');
  }
  expect(foreign).toEqual([]);
});
