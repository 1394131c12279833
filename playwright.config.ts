/**
 * End-to-end tests in Debian's Chromium (no browser download). Each spec starts the real built server it needs
 * (test/e2e/support/server.ts) on its own port and data directory.
 */
import { defineConfig } from '@playwright/test';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export default defineConfig({
  // e2e: journeys in Chromium; security: the hostile-input corpus over raw HTTP against the same built server;
  // stories: axe over every story of the static Storybook build (dist/storybook).
  projects: [
    { name: 'e2e', testDir: 'test/e2e' },
    { name: 'security', testDir: 'test/security' },
    { name: 'stories', testDir: 'test/stories' },
  ],
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'dist/reports/e2e.json' }]],
  use: {
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
  },
});
