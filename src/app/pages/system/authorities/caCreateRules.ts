/**
 * The "Create certificate authority" dialog's rules, loaded with the dialog (lazyRules.ts): the body schema's (src/shared/contracts/pki.ts); the
 * messages the dialog's own.
 */
import { object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { createCaBody } from '../../../../shared/contracts/pki';
import { VALIDITY_DAYS } from '../certificates/issueRules';

const BODY = createCaBody;
export const caCreateSchema = object({
  name: fieldSchemaOf(BODY, 'name', 'Name'),
  subject: object({
    common_name: fieldSchemaOf(BODY, 'subject.common_name', 'Common name'),
    organization: fieldSchemaOf(BODY, 'subject.organization', 'Organisation'),
    country: fieldSchemaOf(BODY, 'subject.country', 'Country', {
      pattern: 'Use the two capital letters of the country (e.g. DE).',
    }),
  }),
  validity_days: fieldSchemaOf(BODY, 'validity_days', 'Validity', VALIDITY_DAYS),
});
