/**
 * The lockout policy form's rules, loaded with the form (lazyRules.ts): every bound is the body schema's
 * (src/shared/contracts/authentication.ts).
 */
import { boolean, object, string } from 'yup';
import { fieldSchemaOf, listSchemaOf } from '../../forms/contractRules';
import { subnetProblem } from '../../../lib/validation/subnet';
import { lockoutPolicyBody } from '../../../shared/contracts/authentication';

const BODY = lockoutPolicyBody;
const rule = (field: string, label: string) => fieldSchemaOf(BODY, field, label);
export const lockoutSchema = object({
  attempts: rule('attempts', 'Attempts'),
  window_seconds: rule('window_seconds', 'Window'),
  duration_seconds: rule('duration_seconds', 'Duration'),
  account_attempts: rule('account.attempts', 'Attempts'),
  account_window_seconds: rule('account.window_seconds', 'Window'),
  source_enabled: boolean(),
  source_attempts: string().when('source_enabled', {
    is: true,
    then: () => rule('source.attempts', 'Attempts'),
  }),
  source_window_seconds: string().when('source_enabled', {
    is: true,
    then: () => rule('source.window_seconds', 'Window'),
  }),
  // Each entry a network without host bits: the rule of every field that stores one, beside the schema's bounds.
  allow_list: listSchemaOf(BODY, 'allow_list', 'An entry is too long.').test('subnets', (list, ctx) => {
    const bad = (list ?? []).map((s) => [s, subnetProblem(s ?? '')] as const).find(([, p]) => p);
    return bad ? ctx.createError({ message: `${bad[0]}: ${bad[1]}` }) : true;
  }),
});
