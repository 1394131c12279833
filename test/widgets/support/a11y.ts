/** Fails on serious or critical axe violations of a rendered widget (the landmark "region" rule does not apply). */
import { seriousViolations } from './axe';

export async function expectNoSeriousA11yViolations(container: Element): Promise<void> {
  expect(await seriousViolations(container, { region: false })).toEqual([]);
}
