/**
 * The alert thresholds form's rules, loaded with the form (lazyRules.ts): each step and the threshold are the body
 * schema's (src/shared/contracts/alerts.ts).
 */
import { object, string } from 'yup';
import { alertSettings } from '../../../shared/contracts/alerts';
import { fieldSchemaOf } from '../../forms/contractRules';
import { stepsOf } from './alertValues';

const dayEntry = fieldSchemaOf(alertSettings, 'expiry_days').required();
const STEPS_MESSAGE = 'Each step is a whole number of days from 1 to 365, separated by commas.';

export const thresholdsSchema = object({
  expiry_days: string()
    .required('Give at least one step.')
    .test('steps', STEPS_MESSAGE, (v) => {
      const steps = stepsOf(v ?? '');
      return steps.length >= 1 && steps.length <= 6 && steps.every((s) => dayEntry.isValidSync(s));
    }),
  lockout_threshold: fieldSchemaOf(alertSettings, 'lockout_threshold', 'Threshold'),
});
