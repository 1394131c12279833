/**
 * The "Register ACME account" dialog's rules, loaded with the dialog (lazyRules.ts): the body schema's (src/shared/contracts/pki.ts); the
 * messages the dialog's own.
 */
import { boolean, object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { acmeAccountBody } from '../../../../shared/contracts/pki';

const BODY = acmeAccountBody;
export const acmeAccountSchema = object({
  name: fieldSchemaOf(BODY, 'name', 'Name'),
  directory_url: fieldSchemaOf(BODY, 'directory_url', 'Directory address', {
    pattern: 'Use the https:// address of the ACME directory.',
  }),
  email: fieldSchemaOf(BODY, 'email', 'Contact e-mail', { invalid: 'Enter an e-mail address.' }),
  trust_pem: fieldSchemaOf(BODY, 'trust_pem', 'Trusted CA certificates'),
  // The schema's `const: true`: registering needs the agreement.
  terms_of_service_agreed: boolean().oneOf([true], "Agree to the ACME server's terms of service."),
});
