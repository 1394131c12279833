/** `{api}pki/certificates…`: list, detail, issue, sign a CSR, import (PEM, PKCS#12), downloads, export with the key, renew, revoke, delete. */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guards';
import { HttpError } from '../../http/errors';
import { exportCertificate } from '../certificateExport';
import { importPem, importPkcs12 } from '../certificateImport';
import { issueCertificate, renewCertificate, signCsr } from '../certificateIssue';
import {
  certChainDer,
  certDetail,
  deleteCertificate,
  getCertRow,
  markRevoked,
  revokeCertificate,
} from '../certificates';
import type { PkiContext } from '../context';
import { certPem } from '../x509';
import { download, fileName, MIME, pkiAction, truthy } from './http';
import * as pki from '../../../shared/contracts/pki';
import { contractRoute } from '../../http/contractRoute';
import { certificateSummary, listCertificatePage } from '../certificateList';
import { nameIn, runBulk } from '../bulk';
import { area } from '../../http/routeAccess';

export function registerCertificateRoutes(scope: FastifyInstance, p: PkiContext): void {
  // Every route of the PKI area; its changes (issuing, importing, exporting keys, revoking, deleting) need a recent
  // sign-in or re-authentication.
  const pkiArea = { config: { access: area('pki'), reauth: true } };
  const by = (req: Parameters<typeof currentUser>[0]) => currentUser(req).username;

  contractRoute(scope, pki.listCertificates, pkiArea.config, async (req) =>
    listCertificatePage(p, req.query ?? {}),
  );

  // Counts over every certificate for the lifecycle board (the list itself is paged).
  contractRoute(scope, pki.getCertificateSummary, pkiArea.config, async () => certificateSummary(p));

  // One request for many: revoke (one new CRL per authority) or delete; refusals are named, the rest is done.
  contractRoute(scope, pki.certificatesBulk, pkiArea.config, async (req) => {
    const { action, ids, reason = 'unspecified' } = req.body;
    const user = by(req);
    const authorities = new Set<string>();
    const answer = await pkiAction(() =>
      runBulk(p, ids, nameIn(p, 'pki_certificates'), (id) => {
        if (action === 'delete') deleteCertificate(p, id, user);
        else authorities.add(markRevoked(p, id, reason, user).ca_id as string);
      }),
    );
    for (const ca of authorities) await p.onRevocationsChanged(ca);
    return answer;
  });

  contractRoute(scope, pki.getCertificate, pkiArea.config, async (req) => certDetail(p, req.params.id));

  contractRoute(scope, pki.issueCertificate, pkiArea.config, async (req, reply) =>
    reply.code(201).send(await pkiAction(() => issueCertificate(p, req.body, by(req)))),
  );

  contractRoute(
    scope,
    pki.signCsr,
    pkiArea.config,
    async (req, reply) => reply.code(201).send(await pkiAction(() => signCsr(p, req.body, by(req)))),
    { bodyLimit: pki.PKI_UPLOAD_LIMIT },
  );

  contractRoute(
    scope,
    pki.importCertificate,
    pkiArea.config,
    async (req, reply) => reply.code(201).send(await pkiAction(() => importPem(p, req.body, by(req)))),
    { bodyLimit: pki.PKI_UPLOAD_LIMIT },
  );

  contractRoute(
    scope,
    pki.importPkcs12,
    pkiArea.config,
    async (req, reply) => reply.code(201).send(await pkiAction(() => importPkcs12(p, req.body, by(req)))),
    { bodyLimit: pki.PKI_UPLOAD_LIMIT },
  );

  contractRoute(scope, pki.getCertificateFile, pkiArea.config, async (req, reply) => {
    const row = getCertRow(p, req.params.id);
    const chain = truthy(req.query?.chain);
    if (req.query?.format === 'der') {
      if (chain)
        throw new HttpError(422, [
          {
            loc: ['query', 'chain'],
            msg: 'a chain is exported as PEM only',
            type: 'value_error.pki.format',
          },
        ]);
      return download(reply, row.cert_der, MIME.der, fileName(row.name, 'crt'));
    }
    const ders = chain ? certChainDer(p, row) : [row.cert_der];
    return download(
      reply,
      ders.map(certPem).join(''),
      MIME.pem,
      fileName(row.name + (chain ? '-chain' : ''), 'pem'),
    );
  });

  contractRoute(scope, pki.exportCertificate, pkiArea.config, async (req, reply) => {
    const out = await pkiAction(() => exportCertificate(p, req.params.id, req.body, by(req)));
    if (out.kind === 'p12') return download(reply, out.body, MIME.p12, fileName(out.name, 'p12'));
    return download(
      reply,
      out.body,
      MIME.pem,
      fileName(out.name + (req.body.format === 'key' ? '-key' : ''), 'pem'),
    );
  });

  contractRoute(scope, pki.renewCertificate, pkiArea.config, async (req, reply) =>
    reply.code(201).send(await pkiAction(() => renewCertificate(p, req.params.id, req.body ?? {}, by(req)))),
  );

  contractRoute(scope, pki.revokeCertificate, pkiArea.config, async (req) =>
    pkiAction(() => revokeCertificate(p, req.params.id, req.body.reason, by(req))),
  );

  contractRoute(scope, pki.deleteCertificate, pkiArea.config, async (req, reply) => {
    deleteCertificate(p, req.params.id, by(req));
    return reply.code(204).send();
  });
}
