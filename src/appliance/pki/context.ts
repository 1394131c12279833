/**
 * What the PKI modules share: the appliance context, the sealed key store and the audit service (`certificates`, a
 * log service the report filters by). It names no PKI module (the ACME runner and the HTTPS listener hang on the
 * mounted PKI, `pkiOf` in ./index.ts), so the modules that take it form no import circle, type-only ones included.
 */
import type { ApplianceContext } from '../context';
import type { KeyStore } from './keys';

export interface PkiContext {
  app: ApplianceContext;
  keys: KeyStore;
  /** Called after a CA's revocations change, so its CRL is regenerated (set by the CRL module). */
  onRevocationsChanged(caId: string): Promise<void>;
  /** Hooks naming what uses a certificate (shown as its "used by"; a used certificate cannot be deleted). */
  usedBy: Array<(certId: string) => string[]>;
}

/** Writes an audit entry; subjects and issuers of imported certificates are outside data, so no control characters. */
export function pkiAudit(p: PkiContext, message: string): void {
  p.app.audit.record('certificates', message.replace(/[\u0000-\u001f\u007f]/g, '?'));
}
