/**
 * The export dialog's rules, loaded with the dialog (lazyRules.ts): the password's rules are the body schema's
 * (src/shared/contracts/pki.ts); a PKCS#12 file needs one.
 */
import { boolean, object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { exportBody } from '../../../../shared/contracts/pki';

export const exportSchema = object({
  format: fieldSchemaOf(exportBody, 'format', 'Format'),
  password: fieldSchemaOf(exportBody, 'password', 'Password').when('format', {
    is: 'pkcs12',
    then: (s) => s.required('A PKCS#12 file needs a password.'),
  }),
  include_chain: boolean(),
});
