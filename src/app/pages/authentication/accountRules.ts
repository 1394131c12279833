/**
 * The account forms' rules (the add dialog's and the detail page's), loaded with the forms (lazyRules.ts): the body
 * schemas' (src/shared/contracts/authentication.ts); the messages the forms' own.
 */
import { boolean, object, string } from 'yup';
import { emailSchema } from '../../../lib/validation/yup';
import { fieldSchemaOf } from '../../forms/contractRules';
import { accountBody, newAccountBody } from '../../../shared/contracts/authentication';

const EMAIL_MESSAGE = 'Enter a valid e-mail address.';
export const accountSchema = object({
  // The schema bounds the address; its form (§5 e-mail) is the appliance handler's check, said here too.
  email: fieldSchemaOf(accountBody, 'email', 'E-mail', { invalid: EMAIL_MESSAGE }).test(
    'email',
    EMAIL_MESSAGE,
    (v, c) => (v ? emailSchema().isValidSync(v, c.options) : true),
  ),
  full_name: fieldSchemaOf(accountBody, 'full_name', 'Full name'),
  role: fieldSchemaOf(accountBody, 'role', 'Role', { required: 'Choose a role.' }),
  enabled: boolean(),
  expires_at: string(),
});

export const newAccountSchema = accountSchema.shape({
  username: fieldSchemaOf(newAccountBody, 'username', 'User name', {
    pattern: 'User name must be an identifier (letters, digits, _ - .).',
  }),
});
