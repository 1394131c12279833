/**
 * One port, one listener: the DNS proxy and SSH may not be given a port another of the appliance's services or the
 * console itself uses (its HTTP and HTTPS listeners, the syslog receiver), or their daemon could not bind it (and
 * Apply would fail late, or the console lose its own port). A service counts both its saved and its applied port: the
 * one it will listen on and the one it listens on now. Checked by the services' settings routes and by the
 * configuration document's writers (the features' section.ts), against what is saved at the time.
 */
import type { ApplianceContext } from '../context';
import type { ErrorItem } from '../http/errors';
import type { ApplyManager } from './manager';

const managers = new WeakMap<ApplianceContext, ApplyManager>();

/** Makes the services of an apply engine count in the port checks of its appliance. */
export function registerPortOwners(ctx: ApplianceContext, manager: ApplyManager): void {
  managers.set(ctx, manager);
}

export interface PortOwner {
  /** A managed service's name, or null for the console's own listeners. */
  service: string | null;
  /** Who uses it, as the message names it: "SSH", "the console (HTTP)". */
  label: string;
  port: number;
}

/** Every port the appliance's listeners use or will use, the console's first. */
export function portOwners(ctx: ApplianceContext): PortOwner[] {
  const { port, httpsPort, syslogPort } = ctx.config;
  const owners: PortOwner[] = [{ service: null, label: 'the console (HTTP)', port }];
  if (httpsPort) owners.push({ service: null, label: 'the console (HTTPS)', port: httpsPort });
  if (syslogPort) owners.push({ service: null, label: 'the syslog receiver', port: syslogPort });
  for (const s of managers.get(ctx)?.servicePorts() ?? [])
    for (const p of s.ports) owners.push({ service: s.name, label: s.label, port: p });
  return owners;
}

/** The 422 item refusing `port` for `service` when another listener has it (none when it is free). */
export function portClashes(
  ctx: ApplianceContext,
  service: string,
  port: number,
  loc: Array<string | number> = ['body', 'port'],
): ErrorItem[] {
  const owner = portOwners(ctx).find((o) => o.port === port && o.service !== service);
  if (!owner) return [];
  return [
    {
      loc,
      msg: `port ${port} is used by ${owner.label}; choose another port`,
      type: 'value_error.port_in_use',
      ctx: { port, used_by: owner.service ?? 'console' },
    },
  ];
}
