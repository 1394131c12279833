/**
 * `{api}pki/crls…` (admin): list, detail with entries, download, import, delete imported ones; `{api}pki/cas/:id/crl`
 * (admin): the CA's current CRL, and regeneration on demand; `{api}pki/public/cas/:id/crl`: the same CRL as DER for
 * anyone (what issued certificates name as their CRL distribution point; a CRL is public by design).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guards';
import { notFound } from '../../http/errors';
import { getCaRow } from '../cas';
import type { PkiContext } from '../context';
import { nameIn, runBulk } from '../bulk';
import {
  crlDetail,
  crlView,
  currentCrl,
  deleteCrl,
  generateCrl,
  getCrlRow,
  importCrl,
  listCrls,
} from '../crls';
import { crlPem } from '../x509';
import { download, fileName, MIME, pkiAction } from './http';
import { pageOf } from '../../http/listing';
import { area } from '../../http/routeAccess';
import { contractRoute } from '../../http/contractRoute';
import * as pki from '../../../shared/contracts/pki';

export function registerCrlRoutes(scope: FastifyInstance, p: PkiContext): void {
  // Every route of the PKI area; its changes (issuing, importing, exporting keys, revoking, deleting) need a recent
  // sign-in or re-authentication.
  const pkiArea = { config: { access: area('pki'), reauth: true } };

  contractRoute(scope, pki.listCrls, pkiArea.config, async (req) =>
    pageOf(listCrls(p), req.query ?? {}, {
      sort: {
        name: (c) => c.name,
        ca_name: (c) => c.ca_name,
        status: (c) => c.status,
        number: (c) => c.number,
        entries: (c) => c.entries,
        next_update: (c) => c.next_update,
        created_at: (c) => c.created_at,
      },
      defaultSort: '-created_at',
      text: (c) => [c.name, c.issuer, c.ca_name],
      filters: { ca_id: (c, v) => c.ca_id === v, source: (c, v) => c.source === v },
    }),
  );

  contractRoute(scope, pki.getCrl, pkiArea.config, async (req) => crlDetail(p, req.params.id));

  contractRoute(scope, pki.getCrlFile, pkiArea.config, async (req, reply) => {
    const row = getCrlRow(p, req.params.id);
    if (req.query?.format === 'der') return download(reply, row.crl_der, MIME.crl, fileName(row.name, 'crl'));
    return download(reply, crlPem(row.crl_der), MIME.pem, fileName(row.name, 'crl.pem'));
  });

  contractRoute(
    scope,
    pki.importCrl,
    pkiArea.config,
    async (req, reply) =>
      reply.code(201).send(await pkiAction(() => importCrl(p, req.body, currentUser(req).username))),
    { bodyLimit: pki.PKI_UPLOAD_LIMIT },
  );

  // One request for many: generated lists belong to their authority and are kept (named with why).
  contractRoute(scope, pki.crlsBulk, pkiArea.config, async (req) => {
    const user = currentUser(req).username;
    return runBulk(p, req.body.ids, nameIn(p, 'pki_crls'), (id) => deleteCrl(p, id, user));
  });

  contractRoute(scope, pki.deleteCrl, pkiArea.config, async (req, reply) => {
    deleteCrl(p, req.params.id, currentUser(req).username);
    return reply.code(204).send();
  });

  contractRoute(scope, pki.getCaCrlFile, pkiArea.config, async (req, reply) => {
    const ca = getCaRow(p, req.params.id);
    const row = currentCrl(p, ca.id);
    if (!row) throw notFound('This CA has no CRL (it has no private key in the appliance)');
    if (req.query?.format === 'der') return download(reply, row.crl_der, MIME.crl, fileName(ca.name, 'crl'));
    return download(reply, crlPem(row.crl_der), MIME.pem, fileName(ca.name, 'crl.pem'));
  });

  contractRoute(scope, pki.publishCrl, pkiArea.config, async (req, reply) => {
    const ca = getCaRow(p, req.params.id);
    const row = await generateCrl(p, ca.id);
    if (!row) throw notFound('This CA cannot sign a CRL (no private key in the appliance, or expired)');
    return reply.code(201).send(crlView(p, row));
  });

  contractRoute(scope, pki.getPublicCrl, { access: 'public' }, async (req, reply) => {
    const row = currentCrl(p, req.params.id);
    if (!row) throw notFound('No CRL');
    return reply.header('Cache-Control', 'public, max-age=300').type(MIME.crl).send(row.crl_der);
  });
}
