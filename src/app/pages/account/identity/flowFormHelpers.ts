/**
 * The flow form's pure parts: section titles, the Yup schema built from a flow's nodes (spec §5 flow form: required
 * fields and e-mail addresses), and the mapping between the flow's dotted field names and Formik's nested values.
 */
import type { UiNode } from '@ory/client-fetch';
import { setIn, type FormikErrors } from 'formik';
import { object, string, ValidationError, type AnySchema } from 'yup';
import { isInputNode, nodeLabel, type FormValues } from '../../../../identity/flow';
import { EMAIL_PATTERN } from '../../../../lib/validation';

export const GROUP_TITLES: Record<string, string> = {
  profile: 'Profile',
  password: 'Password',
  totp: 'Authenticator app',
  lookup_secret: 'Backup recovery codes',
  webauthn: 'Security keys',
  passkey: 'Passkeys',
  oidc: 'Other ways to log in',
  code: 'Code',
};

export const isHidden = (n: UiNode) => isInputNode(n) && n.attributes.type === 'hidden';
export const isButton = (n: UiNode) =>
  isInputNode(n) && (n.attributes.type === 'submit' || n.attributes.type === 'button');

/** The Yup schema of the inputs a submit of `group` sends (spec §5: a valid e-mail, every required field). */
export function schemaFor(nodes: readonly UiNode[], group: string | undefined): AnySchema {
  const shape: Record<string, AnySchema> = {};
  for (const n of nodes) {
    if (!isInputNode(n) || isHidden(n) || isButton(n) || n.attributes.disabled) continue;
    if (group && n.group !== 'default' && n.group !== group) continue;
    const label = nodeLabel(n);
    let s = string();
    if (
      n.attributes.type === 'email' ||
      n.attributes.autocomplete === 'email' ||
      n.attributes.name.endsWith('email')
    )
      s = s.matches(EMAIL_PATTERN, {
        message: 'Please enter a valid e-mail address.',
        excludeEmptyString: true,
      });
    if (n.attributes.required && n.attributes.type !== 'checkbox')
      s = s.required(`Please complete all fields: ${label} is missing.`);
    shape[n.attributes.name] = s;
  }
  return object(shape);
}

/** Runs a schema and returns Formik errors keyed by the flow's flat names (first message per field). */
export function yupErrors(schema: AnySchema, values: FormValues): FormikErrors<FormValues> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (e) {
    const errors: FormikErrors<FormValues> = {};
    if (e instanceof ValidationError)
      for (const inner of e.inner) {
        // Yup writes a key with dots as `["traits.email"]`.
        const path = inner.path?.replace(/^\["(.*)"\]$/, '$1');
        if (path && !errors[path]) errors[path] = inner.message;
      }
    return errors;
  }
}

/** Formik treats dots as paths (`traits.email` → `{traits: {email}}`): nest the flow's names in, flatten them out. */
export function nest(flat: FormValues): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(flat)) out = setIn(out, k, v);
  return out;
}
export function flatten(values: Record<string, unknown>, prefix = ''): FormValues {
  const out: FormValues = {};
  for (const [k, v] of Object.entries(values)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flatten(v as Record<string, unknown>, key));
    else if (typeof v === 'string' || typeof v === 'boolean') out[key] = v;
  }
  return out;
}

/** The DOM id of a field: the form's prefix and the field name with anything but word characters replaced. */
export const fieldId = (prefix: string, name: string) => `${prefix}-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
