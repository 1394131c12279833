/** What the PKI modules share: the appliance context, the sealed key store and the audit service (`certificates`, a log service the report filters by). */
import type { ApplianceContext } from '../context';
import type { AcmeOrders } from './acme/orders';
import type { KeyStore } from './keys';
import type { HttpsListener } from './tls';

export interface PkiContext {
  app: ApplianceContext;
  keys: KeyStore;
  /** Called after a CA's revocations change, so its CRL is regenerated (set by the CRL module). */
  onRevocationsChanged(caId: string): Promise<void>;
  /** The ACME order runner (set once the PKI is mounted). */
  acme?: AcmeOrders;
  /** Hooks naming what uses a certificate (shown as its "used by"; a used certificate cannot be deleted). */
  usedBy: Array<(certId: string) => string[]>;
  /** The console's HTTPS listener, when configured. */
  https?: HttpsListener;
}

/** Writes an audit entry; subjects and issuers of imported certificates are outside data, so no control characters. */
export function pkiAudit(p: PkiContext, message: string): void {
  p.app.audit.record('certificates', message.replace(/[\u0000-\u001f\u007f]/g, '?'));
}
