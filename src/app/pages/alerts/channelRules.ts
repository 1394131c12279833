/**
 * The alert channel form's rules, loaded with the form (lazyRules.ts): the name, the address and the bounds are the
 * body schema's (src/shared/contracts/alerts.ts).
 */
import { array, boolean, object, string } from 'yup';
import { isEmail } from '../../../lib/validation/validators';
import { channelBody } from '../../../shared/contracts/alerts';
import { fieldSchemaOf } from '../../forms/contractRules';
import { SECRET_MIN } from './alertValues';

const RECIPIENTS_MAX = (channelBody.properties.recipients as { maxItems: number }).maxItems;

export const channelSchema = object({
  name: fieldSchemaOf(channelBody, 'name', 'Name', {
    pattern: 'A name is one line without control characters.',
  }).required('Give the channel a name.'),
  type: string().oneOf(['email', 'webhook']).required(),
  enabled: boolean(),
  kinds: array(string()),
  recipients: array(string().required()).when('type', {
    is: 'email',
    then: (s) =>
      s
        .min(1, 'Add at least one recipient.')
        .max(RECIPIENTS_MAX, `At most ${RECIPIENTS_MAX} recipients.`)
        .test('emails', 'Every recipient must be an e-mail address.', (list) =>
          (list ?? []).every((r) => isEmail(r)),
        ),
  }),
  url: string().when('type', {
    is: 'webhook',
    then: () =>
      fieldSchemaOf(channelBody, 'url', 'Address', {
        pattern: 'The address starts with https:// (or http:// for a collector on your network).',
      }).required('Give the webhook’s address.'),
  }),
  secret: string().test(
    'length',
    `The signing secret has at least ${SECRET_MIN} characters.`,
    (v) => !v || v.length >= SECRET_MIN,
  ),
});
