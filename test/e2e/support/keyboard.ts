/**
 * Keyboard-only journeys: moving focus with Tab alone (no pointer) and the axe check each journey ends with.
 */
import { axeBuilder } from './axe';
import { expect, type Locator, type Page } from '@playwright/test';

const focused = async (target: Locator) =>
  (await target.count()) === 1 && (await target.evaluate((el) => el === document.activeElement));

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails when it is not reached in `max` presses,
 * which is what a keyboard user would meet: a control Tab never lands on.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    if (await focused(target)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing');
  throw new Error(
    `${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target} (focus is on ${at})`,
  );
}

/** Replaces the focused text field's value by typing, as a keyboard user does (select all, then type). */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const result = await axeBuilder(page).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
