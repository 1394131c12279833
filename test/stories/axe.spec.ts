/**
 * Accessibility gate over every story (issue 18): each story of the static Storybook build (dist/storybook/index.json)
 * is rendered, play function included, and axe finds no serious or critical violation in it, in the light and the
 * dark theme (the console's colours follow the colour scheme, as they do for a visitor who chose neither theme).
 *
 * One test per story, so a failure names the story. Each worker serves the build on a loopback port and keeps one
 * preview tab per theme, rendering its stories one after another. The theme is the tab's from the start: switching
 * the colour scheme of a rendered story left some of Chromium's colours from light-dark() stale.
 */
import { expect, test as base } from '@playwright/test';
import { seriousViolations } from '../e2e/support/axe';
import {
  openPreview,
  readStories,
  renderStory,
  runAxe,
  serveStorybook,
  type PreviewTab,
} from './support/storybook';

const THEMES = ['light', 'dark'] as const;

const test = base.extend<object, { previews: Record<(typeof THEMES)[number], PreviewTab> }>({
  previews: [
    async ({ browser }, use) => {
      const server = await serveStorybook();
      const contexts = await Promise.all(
        THEMES.map((colorScheme) =>
          // Without transitions axe reads settled colours, not a frame mid-fade.
          browser.newContext({
            reducedMotion: 'reduce',
            colorScheme,
            viewport: { width: 1280, height: 900 },
          }),
        ),
      );
      const [light, dark] = await Promise.all(
        contexts.map(async (c) => openPreview(await c.newPage(), server.url)),
      );
      await use({ light, dark });
      await Promise.all(contexts.map((c) => c.close()));
      await server.close();
    },
    { scope: 'worker' },
  ],
});

const { stories, problem } = readStories();
test.describe.configure({ mode: 'parallel' });

if (problem) {
  test('the Storybook build is there to check', () => {
    throw new Error(problem);
  });
}

for (const story of stories) {
  test(`${story.title} › ${story.name} (${story.id})`, async ({ previews }) => {
    const problems: string[] = [];
    await Promise.all(
      THEMES.map(async (theme) => {
        const errors = await renderStory(previews[theme], story.id);
        if (errors.length) problems.push(...errors.map((e) => `${story.id} (${theme}): ${e}`));
        // Only colours differ between the themes: the dark tab runs the rules that read them.
        else
          problems.push(
            ...seriousViolations(await runAxe(previews[theme], theme === 'dark'), `${story.id} (${theme})`),
          );
      }),
    );
    expect(problems).toEqual([]);
  });
}
