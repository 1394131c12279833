/**
 * The "Issue certificate" dialog's rules, loaded with the dialog (lazyRules.ts): the body schema's
 * (src/shared/contracts/pki.ts); the messages the dialog's own.
 */
import { object } from 'yup';
import { fieldSchemaOf, listSchemaOf } from '../../../forms/contractRules';
import { issueBody } from '../../../../shared/contracts/pki';
import type { IssueValues as Values } from './issueValues';

const BODY = issueBody;
/** A signing authority must be chosen (the dialogs that sign say so in these words). */
export const CHOOSE_AUTHORITY = { required: 'Choose the issuing authority.' };
export const VALIDITY_DAYS = { invalid: 'Enter a whole number of days from 1 to 36500.' };

export const issueSchema = object({
  ca_id: fieldSchemaOf(BODY, 'ca_id', 'Issuing authority', CHOOSE_AUTHORITY),
  name: fieldSchemaOf(BODY, 'name', 'Name'),
  subject: object({
    common_name: fieldSchemaOf(BODY, 'subject.common_name', 'Common name'),
    organization: fieldSchemaOf(BODY, 'subject.organization', 'Organisation'),
  }),
  // A server certificate needs a name to be checked against: a rule across two fields, beside the schema's.
  dns: listSchemaOf(BODY, 'sans.dns', 'Every DNS name must be at most 253 characters.').test(
    'server-name',
    'A server certificate needs at least one DNS name or IP address.',
    function (dns) {
      const { profile, ip } = this.parent as Values;
      return profile !== 'server' || (dns ?? []).length > 0 || ip.length > 0;
    },
  ),
  ip: listSchemaOf(BODY, 'sans.ip', 'Every entry must be an IP address.'),
  validity_days: fieldSchemaOf(BODY, 'validity_days', 'Validity', VALIDITY_DAYS),
});
