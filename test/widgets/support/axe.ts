/** The accessibility gate of widget tests: no serious or critical axe violations. */
import { axe } from 'jest-axe';

export async function seriousViolations(
  node: Element,
  options: { region?: boolean } = {},
): Promise<string[]> {
  const results = await axe(
    node,
    options.region === false ? { rules: { region: { enabled: false } } } : undefined,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
