/**
 * The fleet forms' rules, loaded with the forms (lazyRules.ts): the body schemas'
 * (src/shared/contracts/fleetEnrolment.ts); the messages the forms' own.
 */
import { boolean, object } from 'yup';
import { fieldSchemaOf } from '../../../forms/contractRules';
import {
  addFleetApplianceBody,
  fleetSettingsBody,
  joinFleetBody,
} from '../../../../shared/contracts/fleetEnrolment';

export const addApplianceSchema = object({
  name: fieldSchemaOf(addFleetApplianceBody, 'name', 'Name'),
  group: fieldSchemaOf(addFleetApplianceBody, 'group', 'Group'),
});

export const joinFleetSchema = object({
  code: fieldSchemaOf(joinFleetBody, 'code', 'Enrolment code'),
  address: fieldSchemaOf(joinFleetBody, 'address', 'Enrolment address'),
  fingerprint: fieldSchemaOf(joinFleetBody, 'fingerprint', 'CA fingerprint'),
});

const PORT = { invalid: 'Enter a port from 1 to 65535.' };
export const fleetSettingsSchema = object({
  manage: boolean(),
  nats: fieldSchemaOf(fleetSettingsBody, 'nats', 'NATS'),
  public_host: fieldSchemaOf(fleetSettingsBody, 'public_host', 'Public host'),
  listen_address: fieldSchemaOf(fleetSettingsBody, 'listen_address', 'Listen address'),
  nats_port: fieldSchemaOf(fleetSettingsBody, 'nats_port', 'NATS port', PORT),
  enrol_port: fieldSchemaOf(fleetSettingsBody, 'enrol_port', 'Enrolment port', PORT),
  external_url: fieldSchemaOf(fleetSettingsBody, 'external_url', 'Cluster URL'),
  external_credentials: fieldSchemaOf(fleetSettingsBody, 'external_credentials', 'Credentials'),
});
