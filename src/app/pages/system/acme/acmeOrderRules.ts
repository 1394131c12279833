/**
 * The "New ACME order" dialog's rules, loaded with the dialog (lazyRules.ts): the body schema's (src/shared/contracts/pki.ts); the
 * messages the dialog's own.
 */
import { object } from 'yup';
import { fieldSchemaOf, listSchemaOf } from '../../../forms/contractRules';
import { acmeOrderBody } from '../../../../shared/contracts/pki';

const BODY = acmeOrderBody;
export const acmeOrderSchema = object({
  account_id: fieldSchemaOf(BODY, 'account_id', 'Account', { required: 'Register an ACME account first.' }),
  names: listSchemaOf(
    BODY,
    'names',
    'Every name must be at most 253 characters.',
    'Add at least one DNS name or IP address.',
  ),
  renew_before_days: fieldSchemaOf(BODY, 'renew_before_days', 'Renewal', {
    invalid: 'Enter a whole number of days from 1 to 90.',
  }),
});
