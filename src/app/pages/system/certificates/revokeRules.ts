/**
 * The revoke dialog's rules, loaded with the dialog (lazyRules.ts): the reason's values are the body schema's
 * (src/shared/contracts/pki.ts).
 */
import { object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { revokeBody } from '../../../../shared/contracts/pki';

export const revokeSchema = object({
  reason: fieldSchemaOf(revokeBody, 'reason', 'Reason'),
});
