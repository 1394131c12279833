/**
 * The accessibility gate's one rule (issue 18): no violation axe rates serious or critical. Shared by the route gate
 * (test/e2e/a11y-routes.spec.ts) and the story gate (test/stories).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** The serious and critical violations of one axe run, one readable line each (rule, then each node and why). */
export function seriousViolations(result: Pick<AxeResults, 'violations'>, where: string): string[] {
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id}: ${v.nodes
          .map((n) => `${n.target.join(' ')} [${n.failureSummary?.replace(/\s+/g, ' ').slice(0, 160) ?? ''}]`)
          .join(', ')}`,
    );
}

/**
 * axe over a page as the browser specs run it: axe.run in the page itself (the library's default runs runPartial in
 * each frame, then opens a blank tab to inject axe again for finishRun: a tab and a second injection per run), and
 * nodes listed for violations only (the passes of every element of a large page were serialised and never read).
 * For a page without frames the violations are the same.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
}
