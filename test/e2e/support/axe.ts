/**
 * The accessibility gate's one rule (issue 18): no violation axe rates serious or critical. Shared by the route gate
 * (test/e2e/a11y-routes.spec.ts) and the story gate (test/stories).
 */
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
