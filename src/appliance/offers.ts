/**
 * What one appliance feature offers others: typed queries the kernel declares (names and answers), a feature
 * registers when it is mounted and another asks for, without importing it or reading its tables. The query is looked
 * up when it is called, so a feature may take it before the one offering it is mounted.
 */
import type { ApplianceContext } from './context';

/** A PKI object a feature may name by id, listed as its pickers show it. */
export interface PkiChoice {
  id: string;
  name: string;
  subject: string;
}

export interface Offers {
  /** What a TLS client may present (PKI certificates with their key, not revoked) and trust (every PKI CA). */
  'pki.tlsChoices': () => { certificates: PkiChoice[]; cas: PkiChoice[] };
}

const registry = new WeakMap<ApplianceContext, Partial<Offers>>();

/** Registers (or replaces) what a feature offers under `name`. */
export function offer<K extends keyof Offers>(ctx: ApplianceContext, name: K, query: Offers[K]): void {
  const all = registry.get(ctx) ?? {};
  all[name] = query;
  registry.set(ctx, all);
}

/** The query offered under `name`, looked up at each call. */
export function offered<K extends keyof Offers>(ctx: ApplianceContext, name: K): Offers[K] {
  return ((...args: Parameters<Offers[K]>) => {
    const query = registry.get(ctx)?.[name] as ((...a: Parameters<Offers[K]>) => unknown) | undefined;
    if (!query) throw new Error(`no feature offers ${name}`);
    return query(...args);
  }) as Offers[K];
}
