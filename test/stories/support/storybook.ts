/**
 * The static Storybook build (dist/storybook, written by `npm test` before Playwright runs) for the story gate: its
 * story list, a loopback server for its files, and rendering one story after another in one preview tab.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

export const STORYBOOK_DIR = path.resolve(__dirname, '../../../dist/storybook');
export const BUILD_COMMAND = 'STORYBOOK_DISABLE_TELEMETRY=1 npx storybook build --quiet -o dist/storybook';

export interface StoryEntry {
  id: string;
  title: string;
  name: string;
  importPath: string;
}

/** Every story of the build's index, or why there is none to read. */
export function readStories(): { stories: StoryEntry[]; problem?: string } {
  const file = path.join(STORYBOOK_DIR, 'index.json');
  if (!fs.existsSync(file))
    return { stories: [], problem: `${file} is missing: build Storybook first (${BUILD_COMMAND})` };
  const index = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    entries?: Record<string, StoryEntry & { type: string }>;
  };
  const stories = Object.values(index.entries ?? {}).filter((e) => e.type === 'story');
  if (stories.length === 0) return { stories, problem: `${file} lists no story` };
  return { stories };
}

/** Serves the build on a free loopback port. */
export async function serveStorybook(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: STORYBOOK_DIR });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

/** The preview tab of one worker: stories are rendered in it one after another. */
export interface PreviewTab {
  page: Page;
  /** Requests sent and not yet answered (a lazy chunk being fetched). */
  inFlight: () => number;
}

/**
 * Opens the preview once (the a11y addon's own axe run is switched off through its `manual` global: this gate runs
 * axe itself); stories are then switched through the preview's channel, as Storybook's manager does, which is far
 * quicker than loading the preview for each.
 */
export async function openPreview(page: Page, url: string): Promise<PreviewTab> {
  let pending = 0;
  page.on('request', () => pending++);
  page.on('requestfinished', () => pending--);
  page.on('requestfailed', () => pending--);
  await page.goto(`${url}/iframe.html?globals=a11y.manual:!true`);
  await page.waitForFunction(() => {
    const w = window as unknown as { __STORYBOOK_PREVIEW__?: { storyStoreValue?: unknown } };
    return !!w.__STORYBOOK_PREVIEW__?.storyStoreValue;
  });
  // axe-core once for the tab (the preview is never reloaded): injecting it for each of hundreds of runs, as
  // @axe-core/playwright does, costs more than the runs themselves.
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  // The time of the document's last change, for settle().
  await page.evaluate(() => {
    const w = window as unknown as { lastMutationAt: number };
    w.lastMutationAt = performance.now();
    new MutationObserver(() => (w.lastMutationAt = performance.now())).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  return { page, inFlight: () => pending };
}

/**
 * Renders one story (its play function included) and waits until it settles: no request in flight (lazy chunks)
 * and no change to the document for a moment. Resolves with the errors the story raised (none for a good story).
 */
export async function renderStory(tab: PreviewTab, storyId: string): Promise<string[]> {
  const errors = await tab.page.evaluate(
    (id) =>
      new Promise<string[]>((resolve) => {
        type Listener = (...args: unknown[]) => void;
        const channel = (
          window as unknown as {
            __STORYBOOK_ADDONS_CHANNEL__: {
              on: (event: string, l: Listener) => void;
              off: (event: string, l: Listener) => void;
              emit: (event: string, payload: unknown) => void;
            };
          }
        ).__STORYBOOK_ADDONS_CHANNEL__;
        const found: string[] = [];
        const text = (e: unknown) =>
          e && typeof e === 'object'
            ? [(e as { title?: string }).title, (e as { message?: string }).message]
                .concat((e as { description?: string }).description)
                .filter(Boolean)
                .join(': ')
            : String(e);
        const listeners: Record<string, Listener> = {
          storyErrored: (e) => finish([`the story failed to render: ${text(e)}`]),
          storyMissing: () => finish([`the preview does not know the story ${id}`]),
          storyThrewException: (e) => found.push(`the story threw: ${text(e)}`),
          playFunctionThrewException: (e) => found.push(`its play function failed: ${text(e)}`),
          unhandledErrorsWhilePlaying: (list) =>
            found.push(...(list as unknown[]).map((e) => `unhandled error while playing: ${text(e)}`)),
          storyFinished: (payload) => {
            if ((payload as { storyId: string }).storyId === id) finish([]);
          },
        };
        const timer = setTimeout(() => finish([`the story did not finish rendering within 20 s`]), 20_000);
        function finish(more: string[]) {
          clearTimeout(timer);
          for (const [event, l] of Object.entries(listeners)) channel.off(event, l);
          resolve([...found, ...more]);
        }
        for (const [event, l] of Object.entries(listeners)) channel.on(event, l);
        channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
      }),
    storyId,
  );
  await settle(tab);
  return errors;
}

/** Waits (at most 5 s) for no request in flight and no change to the document during 250 ms. */
async function settle(tab: PreviewTab) {
  const started = Date.now();
  for (;;) {
    const quietFor = await tab.page.evaluate(
      () => performance.now() - (window as unknown as { lastMutationAt: number }).lastMutationAt,
    );
    if ((tab.inFlight() === 0 && quietFor >= 150) || Date.now() - started > 5_000) return;
    await tab.page.waitForTimeout(50);
  }
}

/** Storybook's own elements, always in the preview's document (error displays, docs root, highlights). */
const STORYBOOK_PARTS = ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'];

/**
 * Runs axe over the rendered story (the whole document, so that dialogs and menus portalled out of the story's root
 * count too). `coloursOnly`: just the rules that read colours, for a second theme (nothing else changes with it).
 */
export async function runAxe(tab: PreviewTab, coloursOnly: boolean): Promise<AxeResults> {
  return tab.page.evaluate(
    async ({ exclude, coloursOnly: colours }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return axe.run(
        { include: [document.body], exclude: exclude.map((selector) => [selector]) },
        {
          resultTypes: ['violations'],
          iframes: false,
          ...(colours ? { runOnly: ['color-contrast', 'link-in-text-block'] } : {}),
        },
      );
    },
    { exclude: STORYBOOK_PARTS, coloursOnly },
  );
}
