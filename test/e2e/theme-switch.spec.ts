/**
 * The colour theme switched while a page is open: the theme tokens are CSS light-dark() colours chosen by
 * `color-scheme` (data-theme on <html> pins light or dark; none follows the system), and the custom primary and bar
 * colours are custom properties the server writes and the browser keeps in step. After every press of the main
 * bar's theme button (system → dark → light → system), and after the system preference itself changes while the
 * page is open, the computed colours of the page's parts must be those of the same page loaded fresh in that theme:
 * nothing may keep the previous theme's colours until a reload.
 */
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './support/server';
import { loginAsAdmin } from './support/session';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server?.stop());

type Scheme = 'light' | 'dark';
type Theme = 'system' | Scheme;

/** The colour properties compared on every part. */
const PROPERTIES = [
  'color',
  'background-color',
  'border-top-color',
  'border-bottom-color',
  'box-shadow',
] as const;
/** The theme's custom properties as the document root resolves them (the custom colours included). */
const ROOT_PROPERTIES = [
  '--color-primary',
  '--color-primary-hover',
  '--color-primary-contrast',
  '--color-bar',
];

/** The parts of a page whose colours are compared, by what a user sees. */
const PARTS: Record<string, Record<string, (page: Page) => Locator>> = {
  '/authentication/users': {
    'main bar': (p) => p.getByRole('banner'),
    'theme button': (p) => p.getByRole('button', { name: /Change theme/ }),
    'context bar': (p) => p.locator('#context-bar'),
    'current menu entry': (p) => p.locator('#context-bar').getByRole('link', { name: 'Users', exact: true }),
    'menu search': (p) => p.getByPlaceholder('Search the menu'),
    'primary button': (p) => p.getByRole('button', { name: 'Add user' }),
    'table search': (p) => p.getByRole('main').getByPlaceholder('Search', { exact: true }),
    table: (p) => p.getByRole('table'),
    'column header': (p) => p.getByRole('columnheader', { name: /User name/ }),
    cell: (p) => p.getByRole('cell', { name: 'Admin', exact: true }).first(),
    checkbox: (p) => p.getByRole('main').getByRole('checkbox').first(),
  },
  '/': {
    'main bar': (p) => p.getByRole('banner'),
    'current section': (p) =>
      p.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Console' }),
    link: (p) => p.getByRole('main').getByRole('link', { name: 'Updates' }).first(),
    // The dashboard is cards: one card (a labelled region) and its heading.
    card: (p) => p.getByRole('main').getByRole('region', { name: 'System' }),
    'card heading': (p) => p.getByRole('main').getByRole('heading', { name: 'System', level: 2 }),
  },
};

type Colours = Record<string, string>;

/** The colours without the root's `color-scheme` (`light dark` with the system theme, one of them when pinned). */
function paint(c: Colours): Colours {
  const { ['html color-scheme']: _scheme, ...rest } = c;
  return rest;
}

async function colours(page: Page, route: string): Promise<Colours> {
  const out: Colours = await page.evaluate(
    ({ root }) => {
      const html = getComputedStyle(document.documentElement);
      const body = getComputedStyle(document.body);
      const values: Record<string, string> = {
        'html color-scheme': html.colorScheme,
        'body background-color': body.backgroundColor,
        'body color': body.color,
      };
      for (const name of root) values[`root ${name}`] = html.getPropertyValue(name).trim();
      return values;
    },
    { root: ROOT_PROPERTIES },
  );
  for (const [part, locate] of Object.entries(PARTS[route])) {
    const style = await locate(page).evaluate(
      (el, props) => {
        const cs = getComputedStyle(el);
        return props.map((p) => cs.getPropertyValue(p));
      },
      [...PROPERTIES],
    );
    PROPERTIES.forEach((p, i) => (out[`${part} ${p}`] = style[i]));
  }
  return out;
}

/** Presses the theme button until it shows `want` (it does nothing until the page is hydrated). */
async function chooseTheme(page: Page, want: Theme) {
  const button = page.getByRole('button', { name: /Change theme/ });
  await expect(async () => {
    const label = await button.getAttribute('aria-label');
    if (!label?.startsWith(`Colour theme: ${want}.`)) {
      await button.click();
      await expect(button).toHaveAttribute('aria-label', new RegExp(`^Colour theme: ${want}\\.`), {
        timeout: 500,
      });
    }
  }).toPass({ timeout: 10_000 });
  // Away from the button: its hover colour is not the theme's business.
  await page.mouse.move(600, 600);
}

/** The same page loaded fresh, in a new tab of a browser whose system preference is `system`. */
async function freshColours(browser: Browser, signedIn: BrowserContext, route: string, system: Scheme) {
  const context = await browser.newContext({
    colorScheme: system,
    storageState: await signedIn.storageState(),
  });
  const page = await context.newPage();
  await page.goto(`${server.url}${route}`);
  await expect(page.getByRole('button', { name: /Change theme/ })).toBeVisible();
  await page.mouse.move(600, 600);
  const result = await colours(page, route);
  await context.close();
  return result;
}

for (const system of ['light', 'dark'] as const) {
  test(`switching the theme on an open page gives a fresh load's colours (system preference ${system})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ colorScheme: system });
    await loginAsAdmin(context, server, { acceptAgreements: true });
    // A custom look whose button text is white (not the default's dark text): the server writes these
    // properties, the browser keeps them.
    const token = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const saved = await context.request.put(`${server.url}/api/config/settings`, {
      data: { primary_color: '#1a237e', bar_color: '#3b2f5c' },
      headers: { 'X-XSRF-TOKEN': token },
    });
    expect(saved.ok()).toBe(true);

    for (const route of Object.keys(PARTS)) {
      const page = await context.newPage();
      await page.goto(`${server.url}${route}`);
      const seen: Partial<Record<Theme, Colours>> = {};
      for (const theme of ['dark', 'light', 'system'] as const) {
        await chooseTheme(page, theme);
        const live = await colours(page, route);
        expect(live, `${route} switched to ${theme}`).toEqual(
          await freshColours(browser, context, route, system),
        );
        seen[theme] = live;
      }
      // The comparison means something: the two themes differ, the system one is the preference's, and the
      // custom colours are there in both.
      expect(seen.dark!['body background-color']).not.toBe(seen.light!['body background-color']);
      expect(paint(seen.system!)).toEqual(paint(seen[system]!));
      for (const theme of ['dark', 'light'] as const) {
        expect(seen[theme]!['root --color-primary']).toBe('#1a237e');
        expect(seen[theme]!['root --color-primary-contrast']).toBe('#ffffff');
        expect(seen[theme]!['main bar background-color']).toBe('rgb(59, 47, 92)');
      }

      // With the system theme, the system preference changing while the page is open counts too.
      const other: Scheme = system === 'light' ? 'dark' : 'light';
      await page.emulateMedia({ colorScheme: other });
      expect(await colours(page, route), `${route} with the system preference now ${other}`).toEqual(
        await freshColours(browser, context, route, other),
      );
      expect(paint(await colours(page, route))).toEqual(paint(seen[other]!));
      await page.close();
    }
    await context.close();
  });
}
