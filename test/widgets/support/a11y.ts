/** Runs axe on a rendered container and fails on serious or critical violations (the bar). */
import { axe } from 'jest-axe';

export async function expectNoSeriousA11yViolations(container: Element): Promise<void> {
  const results = await axe(container, { rules: { region: { enabled: false } } });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(', ')})`)).toEqual([]);
}
