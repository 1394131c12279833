/**
 * The log forwarding target dialog's rules, loaded with the dialog (lazyRules.ts): the body schema's
 * (src/shared/contracts/forwarding.ts); the messages the form's own.
 */
import { object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import { forwardingTargetBody } from '../../../../shared/contracts/forwarding';

const BODY = forwardingTargetBody;
export const targetSchema = object({
  name: fieldSchemaOf(BODY, 'name', 'Name', { required: 'Give the target a name' }),
  host: fieldSchemaOf(BODY, 'host', 'Collector host', { required: 'Name the collector' }),
  port: fieldSchemaOf(BODY, 'port', 'Port'),
  queue_limit: fieldSchemaOf(BODY, 'queue_limit', 'Queue limit'),
});
