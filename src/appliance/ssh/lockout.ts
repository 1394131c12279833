/**
 * The SSH settings whose change can cut an admin off the appliance, with their labels: one list, read by safe apply
 * (the confirmation window, index.ts) and by the configuration plan's marking (section.ts). A change of the
 * authorised keys is lock-out-prone as a whole.
 */
import type { SshSettings } from '../../shared/contracts/ssh';

export const SSH_LOCKOUT_FIELDS: ReadonlyArray<readonly [keyof SshSettings, string]> = [
  ['enabled', 'SSH service'],
  ['port', 'SSH port'],
  ['listen_addresses', 'listen addresses'],
  ['password_authentication', 'password authentication'],
];
