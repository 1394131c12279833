/**
 * Events one appliance feature announces and others follow without importing each other: the kernel declares them
 * (names and payloads), a feature subscribes when it registers and another emits. Listeners run synchronously, in
 * the emitter's request, after its change was written; a listener that throws is logged, not the emitter's failure.
 */
import type { ApplianceContext } from './context';

export interface ApplianceEvents {
  /** The provider list of a sign-in service (`console`, `ssh`, `api`) changed (the SSH feature rewrites its helper). */
  serviceProvidersChanged: { service: string };
  /** A backup run to one target ended (scheduled or "Back up now"); the alerts engine can raise "backups failing". */
  backupFinished: { ok: boolean; target: string; error?: string };
  /** An alert fired, became more severe or resolved (the fleet's agent reports it to the fleet). */
  alertChanged: {
    change: 'fired' | 'escalated' | 'resolved';
    key: string;
    kind: string;
    severity: 'critical' | 'warning' | 'info';
    summary: string;
    at: number;
  };
}

type Listener<K extends keyof ApplianceEvents> = (payload: ApplianceEvents[K]) => void;
type AnyListener = (payload: never) => void;

const registry = new WeakMap<ApplianceContext, Map<keyof ApplianceEvents, Set<AnyListener>>>();

/** Follows an event of this appliance; returns the unsubscribe function. */
export function onApplianceEvent<K extends keyof ApplianceEvents>(
  ctx: ApplianceContext,
  name: K,
  listener: Listener<K>,
): () => void {
  let all = registry.get(ctx);
  if (!all) registry.set(ctx, (all = new Map()));
  let set = all.get(name);
  if (!set) all.set(name, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

export function emitApplianceEvent<K extends keyof ApplianceEvents>(
  ctx: ApplianceContext,
  name: K,
  payload: ApplianceEvents[K],
  log: { error(obj: unknown, msg: string): void },
): void {
  for (const listener of registry.get(ctx)?.get(name) ?? []) {
    try {
      (listener as Listener<K>)(payload);
    } catch (e) {
      log.error({ err: e, event: name }, 'a listener of an appliance event failed');
    }
  }
}
