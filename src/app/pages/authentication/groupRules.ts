/**
 * The group forms' rules (the add dialog's and the detail page's), loaded with the forms (lazyRules.ts): the body
 * schema's (src/shared/contracts/authentication.ts); the messages the forms' own.
 */
import { object } from 'yup';
import { fieldSchemaOf } from '../../forms/contractRules';
import { newGroupBody } from '../../../shared/contracts/authentication';

export const groupSchema = object({
  name: fieldSchemaOf(newGroupBody, 'name', 'Name', { required: 'Enter a name.' }),
  description: fieldSchemaOf(newGroupBody, 'description', 'Description'),
});
