/**
 * The layout settings form's rules, loaded with the form (lazyRules.ts): the body schema's
 * (src/shared/contracts/system.ts); the messages the page's own.
 */
import { object } from 'yup';
import { fieldSchemaOf } from '../../forms/contractRules';
import { LOGIN_TITLE_MAX, uiSettingsBody } from '../../../shared/contracts/system';

const colour = (field: 'primary_color' | 'bar_color', label: string) =>
  fieldSchemaOf(uiSettingsBody, field, label, {
    required: `${label} is required.`,
    invalid: `${label} must be a hex colour such as #76b100.`,
  });
export const layoutSchema = object({
  primary_color: colour('primary_color', 'Primary colour'),
  bar_color: colour('bar_color', 'Bar colour'),
  login_title: fieldSchemaOf(uiSettingsBody, 'login_title', 'The login title', {
    invalid: `The login title has at most ${LOGIN_TITLE_MAX} characters.`,
    pattern: 'The login title is one line without control characters.',
  }),
});
