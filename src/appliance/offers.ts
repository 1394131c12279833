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

/** An authority of the PKI another feature relies on (the fleet's CA). */
export interface PkiCaFacts {
  id: string;
  pem: string;
  /** SHA-256 of its DER certificate, lower-case hex. */
  fingerprintSha256: string;
}

/** A PKCS#10 request to be signed under a named authority, the holder's subject given by the caller. */
export interface PkiCsrRequest {
  caId: string;
  csrPem: string;
  profile: 'server' | 'client';
  /** RFC 4514 (`CN=rampart-appliance-…`): replaces the subject the request asks for. */
  subject: string;
  sans?: { dns?: string[]; ip?: string[] };
  validityDays: number;
  /** The name shown in the certificate list. */
  name: string;
  /** Who asked, for the PKI's audit line. */
  by: string;
}

/** A certificate the PKI issued: its id on the certificate pages, PEM, serial and end of validity (ms). */
export interface PkiIssued {
  id: string;
  pem: string;
  serial: string;
  notAfter: number;
}

/** When a certificate or an authority of the PKI ends (ms); a certificate a newer one renewed says so. */
export interface PkiEnding {
  id: string;
  name: string;
  notAfter: number;
  renewed?: boolean;
}

/** An authority's newest revocation list and when it is to be published again (ms). */
export interface PkiCrlDue {
  id: string;
  name: string;
  nextUpdate: number;
}

/** An ACME order that failed, unless a later order renewing the same one succeeded. */
export interface PkiFailedOrder {
  id: string;
  names: string[];
  detail: string;
}

/** An enabled account that expires (its day, `YYYY-MM-DD`). */
export interface ExpiringAccount {
  id: number;
  username: string;
  role: string;
  expiresOn: string;
}

export interface Offers {
  /** The PKI: what a TLS client may present (certificates with their key, not revoked) and trust (every CA). */
  pkiTlsChoices(): { certificates: PkiChoice[]; cas: PkiChoice[] };
  /** The PKI: the PEM certificates of its authorities (all of them, or the one named; none when it does not exist). */
  pkiCaPems(caId: string | null): string[];
  /**
   * The PKI: the authority of this name it created, made now when there is none (root, the key policy's default
   * EC P-256 key, with its CRL). Refusals are the PKI's own (HttpError items).
   */
  pkiEnsureCa(input: {
    name: string;
    commonName: string;
    validityDays: number;
    by: string;
  }): Promise<PkiCaFacts>;
  /**
   * The PKI: signs a request under one of its authorities (its key policy and the request's own signature checked:
   * 422 items located on `csr`), the certificate shown on the certificate pages without a key.
   */
  pkiSignCsr(input: PkiCsrRequest): Promise<PkiIssued>;
  /** The PKI: revokes a certificate it issued and publishes its authority's new CRL (already revoked: nothing). */
  pkiRevoke(
    certId: string,
    reason: 'cessation_of_operation' | 'key_compromise' | 'superseded',
    by: string,
  ): Promise<void>;
  /**
   * The PKI: when its certificates that are not revoked and its authorities end, those ending before `before` (ms)
   * or, without it, all of them.
   */
  pkiEndings(before?: number): { certificates: PkiEnding[]; cas: PkiEnding[] };
  /** The PKI: each authority's newest revocation list whose next update comes before `before` (ms). */
  pkiCrlsDue(before: number): PkiCrlDue[];
  /** The PKI: the ACME orders that failed and were not renewed since. */
  pkiFailedAcmeOrders(): PkiFailedOrder[];
  /** The accounts: the enabled ones expiring between two days (`YYYY-MM-DD`, both included). */
  accountsExpiring(fromDay: string, toDay: string): ExpiringAccount[];
  /** The updates: the running version and the newer packages on the appliance's channel, newest first. */
  updatesAvailable(): { current: string; available: Array<{ version: string; security: boolean }> };
  /** The alerts: how many fire now, by severity. */
  alertsFiring(): { critical: number; warning: number; info: number };
}

const noPki = () => Promise.reject(new Error('the PKI is not mounted: no certificate can be issued'));

const unmounted: Offers = {
  pkiTlsChoices: () => ({ certificates: [], cas: [] }),
  pkiCaPems: () => [],
  pkiEnsureCa: noPki,
  pkiSignCsr: noPki,
  pkiRevoke: noPki,
  pkiEndings: () => ({ certificates: [], cas: [] }),
  pkiCrlsDue: () => [],
  pkiFailedAcmeOrders: () => [],
  accountsExpiring: () => [],
  updatesAvailable: () => ({ current: '', available: [] }),
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

/** The queries registered for an appliance, by name (what its features answer). */
export const offersOf = (ctx: ApplianceContext): Array<keyof Offers> =>
  Object.keys(registry.get(ctx) ?? {}) as Array<keyof Offers>;
