/** `{api}pki/cas…`: list, detail, create (root or intermediate), import, certificate and chain download, delete. */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guards';
import { caChainDer, caDetail, createCa, deleteCa, getCaRow, importCa, listCas } from '../cas';
import type { PkiContext } from '../context';
import { nameIn, runBulk } from '../bulk';
import { certPem } from '../x509';
import { download, fileName, MIME, pkiAction, truthy } from './http';
import { HttpError } from '../../http/errors';
import { pageOf } from '../../http/listing';
import { area } from '../../http/routeAccess';
import { contractRoute } from '../../http/contractRoute';
import * as pki from '../../../shared/contracts/pki';

export function registerCaRoutes(scope: FastifyInstance, p: PkiContext): void {
  // Every route of the PKI area; its changes (issuing, importing, exporting keys, revoking, deleting) need a recent
  // sign-in or re-authentication.
  const pkiArea = { config: { access: area('pki'), reauth: true } };

  contractRoute(scope, pki.listCas, pkiArea.config, async (req) =>
    pageOf(listCas(p), req.query ?? {}, {
      sort: {
        name: (c) => c.name,
        kind: (c) => c.kind,
        status: (c) => c.status,
        not_after: (c) => c.not_after,
        created_at: (c) => c.created_at,
      },
      defaultSort: 'created_at',
      text: (c) => [c.name, c.common_name, c.subject, c.serial],
      filters: { kind: (c, v) => c.kind === v },
    }),
  );

  contractRoute(scope, pki.getCa, pkiArea.config, async (req) => caDetail(p, req.params.id));

  contractRoute(scope, pki.createCa, pkiArea.config, async (req, reply) => {
    const detail = await pkiAction(() => createCa(p, req.body, currentUser(req).username));
    return reply.code(201).send(detail);
  });

  contractRoute(
    scope,
    pki.importCa,
    pkiArea.config,
    async (req, reply) => {
      const detail = await pkiAction(() => importCa(p, req.body, currentUser(req).username));
      return reply.code(201).send(detail);
    },
    { bodyLimit: pki.PKI_UPLOAD_LIMIT },
  );

  contractRoute(scope, pki.getCaCertificateFile, pkiArea.config, async (req, reply) => {
    const row = getCaRow(p, req.params.id);
    const format = req.query?.format ?? 'pem';
    const chain = truthy(req.query?.chain);
    if (format === 'der') {
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
    const ders = chain ? caChainDer(p, row.id) : [row.cert_der];
    return download(
      reply,
      ders.map(certPem).join(''),
      MIME.pem,
      fileName(row.name + (chain ? '-chain' : ''), 'pem'),
    );
  });

  // One request for many: authorities still holding intermediates or certificates are kept (named with why);
  // an intermediate goes before its parent when both are asked, so a whole branch can go at once.
  contractRoute(scope, pki.casBulk, pkiArea.config, async (req) => {
    const parents = new Map(
      (
        p.app.db.prepare('SELECT id, parent_id FROM pki_cas').all() as Array<{
          id: string;
          parent_id: string | null;
        }>
      ).map((r) => [r.id, r.parent_id]),
    );
    const depth = (id: string) => {
      let d = 0;
      for (let at = parents.get(id); at && d < 64; at = parents.get(at)) d += 1;
      return d;
    };
    const ordered = req.body.ids.slice().sort((a, b) => depth(b) - depth(a));
    const user = currentUser(req).username;
    return runBulk(p, ordered, nameIn(p, 'pki_cas'), (id) => deleteCa(p, id, user));
  });

  contractRoute(scope, pki.deleteCa, pkiArea.config, async (req, reply) => {
    deleteCa(p, req.params.id, currentUser(req).username);
    return reply.code(204).send();
  });
}
