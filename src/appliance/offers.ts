/**
 * What a feature offers the others: typed queries the answering feature registers (`offer`) and another asks for
 * (`offered`), so that no feature reads another's tables with SQL the lint cannot see, nor imports it. Each query is
 * named and typed here, in the kernel; a query nobody registered answers as a feature that is not mounted would.
 */
import type { ApplianceContext } from './context';

/** A PKI object a form may choose (a certificate to present, an authority to trust). */
export interface PkiChoice {
  id: string;
  name: string;
  subject: string;
}

export interface Offers {
  /** The PKI: what a TLS client may present (certificates with their key, not revoked) and trust (every CA). */
  pkiTlsChoices(): { certificates: PkiChoice[]; cas: PkiChoice[] };
  /** The PKI: the PEM certificates of its authorities (all of them, or the one named; none when it does not exist). */
  pkiCaPems(caId: string | null): string[];
  /** The alerts: how many fire now, by severity. */
  alertsFiring(): { critical: number; warning: number; info: number };
}

const unmounted: Offers = {
  pkiTlsChoices: () => ({ certificates: [], cas: [] }),
  pkiCaPems: () => [],
  alertsFiring: () => ({ critical: 0, warning: 0, info: 0 }),
};

const registry = new WeakMap<ApplianceContext, Partial<Offers>>();

/** Registers what a feature answers for the others. */
export function offer<K extends keyof Offers>(ctx: ApplianceContext, name: K, query: Offers[K]): void {
  registry.set(ctx, { ...registry.get(ctx), [name]: query });
}

/** The query another feature offers (asked at each call: the feature may be mounted after the one asking). */
export function offered<K extends keyof Offers>(ctx: ApplianceContext, name: K): Offers[K] {
  return ((...args: Parameters<Offers[K]>) => {
    const query = (registry.get(ctx)?.[name] ?? unmounted[name]) as (...a: Parameters<Offers[K]>) => unknown;
    return query(...args);
  }) as Offers[K];
}
