/** jest-axe with the bar the project sets: no serious or critical violations. */
import { axe } from 'jest-axe';

export async function seriousViolations(container: Element) {
  // color-contrast needs layout jsdom does not have.
  const results = await axe(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}
