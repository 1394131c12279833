/**
 * What the user typed into a server-rendered form before the page's scripts hydrated it. React keeps those DOM
 * values at hydration, but the form's state still holds its initial values: the next render would put them back
 * and a submission would send them. These are the fields whose input holds something else than the form's value.
 */
import { getIn } from 'formik';

/** Inputs a user does not type into (buttons) or whose value is the server's (hidden fields such as a CSRF token). */
const NOT_TYPED = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file', 'radio']);

/**
 * Pairs of a field's name (a Formik path: `traits.email`) and the value its input holds, for every text-like input
 * (passwords included: what was typed never leaves the page) and checkbox of a boolean field whose input differs
 * from `values`. Disabled and read-only inputs are left out: nobody typed into them.
 */
export function typedValues(form: HTMLFormElement, values: object): Array<[string, string | boolean]> {
  const typed: Array<[string, string | boolean]> = [];
  for (const el of Array.from(form.elements)) {
    if (el.tagName !== 'INPUT' && el.tagName !== 'TEXTAREA') continue;
    const input = el as HTMLInputElement | HTMLTextAreaElement;
    if (!input.name || input.disabled || input.readOnly) continue;
    const current: unknown = getIn(values, input.name);
    if (input.type === 'checkbox') {
      const { checked } = input as HTMLInputElement;
      if (typeof current === 'boolean' && checked !== current) typed.push([input.name, checked]);
    } else if (!NOT_TYPED.has(input.type) && typeof current === 'string' && input.value !== current) {
      typed.push([input.name, input.value]);
    }
  }
  return typed;
}
