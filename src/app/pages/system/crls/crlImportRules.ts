/**
 * The "Import revocation list" dialog's rules, loaded with the dialog (lazyRules.ts): the body schema's (src/shared/contracts/pki.ts); the
 * messages the dialog's own.
 */
import { object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { importCrlBody } from '../../../../shared/contracts/pki';

export const crlImportSchema = object({
  crl: fieldSchemaOf(importCrlBody, 'crl', 'CRL file', { required: 'Choose the CRL file.' }),
  name: fieldSchemaOf(importCrlBody, 'name', 'Name'),
});
