/**
 * The "Sign a certificate request" dialog's rules, loaded with the dialog (lazyRules.ts): the body schema's
 * (src/shared/contracts/pki.ts); the messages the dialog's own.
 */
import { object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { csrBody } from '../../../../shared/contracts/pki';
import { CHOOSE_AUTHORITY, VALIDITY_DAYS } from './issueRules';

const BODY = csrBody;
export const csrSchema = object({
  ca_id: fieldSchemaOf(BODY, 'ca_id', 'Issuing authority', CHOOSE_AUTHORITY),
  csr: fieldSchemaOf(BODY, 'csr', 'Request', { required: 'Choose the certificate signing request (PEM).' }),
  validity_days: fieldSchemaOf(BODY, 'validity_days', 'Validity', VALIDITY_DAYS),
  name: fieldSchemaOf(BODY, 'name', 'Name'),
});
