/**
 * The daemons the appliance runs (src/appliance/services): a service's running state, and Start / Stop / Restart,
 * under the path of the area that configures it (`dns/proxy/service`, `ssh/service`). Each action answers the state
 * after it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { epochMs, nullable, stringEnum } from './fields';

export const SERVICE_STATUSES = ['running', 'stopped', 'failed', 'not_installed'] as const;
export const SERVICE_BACKENDS = ['embedded', 'systemd', 'off'] as const;

export const ServiceStateSchema = Type.Object({
  name: Type.String(),
  label: Type.String({ description: '"DNS proxy", "SSH".' }),
  backend: stringEnum(SERVICE_BACKENDS, {
    description: 'Who runs the daemon: the console itself, the host’s systemd, or nobody here.',
  }),
  enabled: Type.Boolean({ description: 'The applied configuration turns the service on.' }),
  status: stringEnum(SERVICE_STATUSES),
  pid: nullable(Type.Integer()),
  since: nullable(epochMs(), { description: 'Since when the status holds (milliseconds since the epoch).' }),
  last_exit: nullable(
    Type.Object({
      at: epochMs(),
      code: nullable(Type.Integer()),
      signal: nullable(Type.String()),
      reason: Type.String({ description: 'One line: "exited with status 1: …", "killed by SIGKILL".' }),
    }),
  ),
  restarts: Type.Integer({
    minimum: 0,
    description: 'Restarts after the daemon died, since the console started.',
  }),
  next_restart_at: nullable(epochMs()),
  message: nullable(Type.String(), { description: 'A sentence for the admin when the status needs one.' }),
  log: Type.Array(Type.String(), { description: 'The daemon’s last output lines, oldest first.' }),
});
export type ServiceState = Static<typeof ServiceStateSchema>;

export const SERVICE_ACTIONS = ['start', 'stop', 'restart'] as const;
export type ServiceAction = (typeof SERVICE_ACTIONS)[number];

/** The four endpoints of one service under `base` (its area's path). */
const serviceEndpoints = <B extends string>(base: B, label: string) => ({
  state: endpoint({
    method: 'GET',
    path: base,
    response: ServiceStateSchema,
    summary: `The ${label} daemon's running state`,
  }),
  start: endpoint({
    method: 'POST',
    path: `${base}/start`,
    response: ServiceStateSchema,
    summary: `Start the ${label} daemon`,
  }),
  stop: endpoint({
    method: 'POST',
    path: `${base}/stop`,
    response: ServiceStateSchema,
    summary: `Stop the ${label} daemon`,
  }),
  restart: endpoint({
    method: 'POST',
    path: `${base}/restart`,
    response: ServiceStateSchema,
    summary: `Restart the ${label} daemon`,
  }),
});
export type ServiceEndpoints = ReturnType<typeof serviceEndpoints>;

export const dnsService = serviceEndpoints('dns/proxy/service', 'DNS proxy');
export const sshService = serviceEndpoints('ssh/service', 'SSH');
export const fleetService = serviceEndpoints('fleet/service', 'fleet NATS server');
