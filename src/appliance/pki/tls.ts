/**
 * The console's optional HTTPS listener (`httpsPort`, `httpsCertificate`): a second listener on the same host serving
 * the same routes with a certificate of this PKI. It follows the certificate's renewals (the newest valid renewal is
 * served, swapped in without a restart) and the certificate's "used by" says so.
 */
import https from 'node:https';
import type { FastifyInstance } from 'fastify';
import { certChainDer, getCertRow, type CertRow } from './certificates';
import type { PkiContext } from './context';
import { certPem } from './x509';

export interface TlsMaterial {
  id: string;
  fingerprint: string;
  key: string;
  cert: string;
}

/** The certificate to serve: the configured one, or its newest valid renewal. */
function effectiveCertificate(p: PkiContext, id: string): CertRow {
  let row = getCertRowOrFail(p, id);
  const now = p.app.now();
  for (let i = 0; i < 100; i += 1) {
    const next = p.app.db
      .prepare(
        'SELECT * FROM pki_certificates WHERE renewed_from = ? AND revoked_at IS NULL AND key_id IS NOT NULL AND not_before <= ? AND not_after > ? ORDER BY created_at DESC LIMIT 1',
      )
      .get(row.id, now, now) as CertRow | undefined;
    if (!next) break;
    row = next;
  }
  return row;
}

function getCertRowOrFail(p: PkiContext, id: string): CertRow {
  try {
    return getCertRow(p, id);
  } catch {
    throw new Error(`RAMPART_HTTPS_CERTIFICATE: no PKI certificate has the id ${id}`);
  }
}

export function tlsMaterial(p: PkiContext, id: string): TlsMaterial {
  const row = effectiveCertificate(p, id);
  if (!row.key_id)
    throw new Error(`RAMPART_HTTPS_CERTIFICATE: certificate ${row.id} has no private key in the appliance`);
  const key = p.keys.get(row.key_id).export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    id: row.id,
    fingerprint: row.fingerprint_sha256,
    key,
    cert: certChainDer(p, row).map(certPem).join(''),
  };
}

export interface HttpsListener {
  /** Serves the newest renewal if it changed; returns whether it did. */
  reload(): boolean;
  port(): number | null;
}

export function registerHttpsListener(app: FastifyInstance, p: PkiContext): HttpsListener | null {
  const { httpsPort, httpsCertificate, host } = p.app.config;
  if (!httpsPort) return null;
  if (!httpsCertificate)
    throw new Error(
      'RAMPART_HTTPS_PORT is set: RAMPART_HTTPS_CERTIFICATE must name the PKI certificate to serve',
    );
  let material = tlsMaterial(p, httpsCertificate);
  let server: https.Server | null = null;

  p.usedBy.push((certId) =>
    certId === httpsCertificate || certId === material.id
      ? [`console HTTPS listener (port ${httpsPort})`]
      : [],
  );

  // onReady is awaited by ready()/listen(), so a port that cannot be bound stops the start (onListen is not).
  app.addHook('onReady', async () => {
    const srv = https.createServer({ key: material.key, cert: material.cert }, (req, res) =>
      app.server.emit('request', req, res),
    );
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(httpsPort, host, () => {
        srv.off('error', reject);
        resolve();
      });
    });
    server = srv;
  });
  app.addHook('preClose', async () => {
    const srv = server;
    server = null;
    if (!srv) return;
    srv.closeAllConnections();
    await new Promise<void>((resolve) => srv.close(() => resolve()));
  });

  return {
    reload() {
      const next = tlsMaterial(p, httpsCertificate);
      if (next.fingerprint === material.fingerprint) return false;
      material = next;
      server?.setSecureContext({ key: next.key, cert: next.cert });
      return true;
    },
    port: () => {
      const address = server?.address();
      return address && typeof address === 'object' ? address.port : null;
    },
  };
}
