/** `{api}pki/certificates…`: list, detail, issue, sign a CSR, import (PEM, PKCS#12), downloads, export with the key, renew, revoke, delete. */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guards';
import { HttpError } from '../../http/errors';
import { exportCertificate, type ExportInput } from '../certificateExport';
import { importPem, importPkcs12, type ImportPemInput, type ImportPkcs12Input } from '../certificateImport';
import {
  issueCertificate,
  renewCertificate,
  signCsr,
  type CsrInput,
  type IssueInput,
  type RenewInput,
} from '../certificateIssue';
import {
  certChainDer,
  certDetail,
  deleteCertificate,
  getCertRow,
  markRevoked,
  PROFILES,
  REVOCATION_REASONS,
  revokeCertificate,
  type RevocationReason,
} from '../certificates';
import type { PkiContext } from '../context';
import { certPem } from '../x509';
import { download, fileName, MIME, pkiAction, truthy } from './http';
import {
  certificateFormatQuery,
  idParams,
  keyTypeField,
  nameField,
  passphraseField,
  pemField,
  PKI_UPLOAD_LIMIT,
  subjectSchema,
  validityDaysField,
} from './schemas';
import type { Static } from '@sinclair/typebox';
import { certificatesQuery } from '../../../shared/contracts/pki';
import * as pki from '../../../shared/contracts/pki';
import { contractRoute } from '../../http/contractRoute';
import { certificateSummary, listCertificatePage } from '../certificateList';
import { bulkBodySchema, nameIn, runBulk } from '../bulk';
import { area } from '../../http/routeAccess';

const listOf = (item: Record<string, unknown>) => ({ type: 'array', maxItems: 100, items: item }) as const;
const sansSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    dns: listOf({ type: 'string', minLength: 1, maxLength: 253 }),
    ip: listOf({ type: 'string', minLength: 2, maxLength: 45 }),
    uri: listOf({ type: 'string', minLength: 3, maxLength: 2048 }),
    email: listOf({ type: 'string', maxLength: 254, format: 'email' }),
  },
} as const;
const cdpField = {
  type: 'string',
  maxLength: 2048,
  pattern: '^(appliance|https?://[^\\s"<>]+)$',
} as const;
const profileField = { type: 'string', enum: PROFILES } as const;

const issueSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['ca_id', 'profile', 'subject', 'validity_days', 'key_type'],
    properties: {
      name: nameField,
      ca_id: idParams.properties.id,
      profile: profileField,
      subject: subjectSchema,
      sans: sansSchema,
      validity_days: validityDaysField,
      key_type: keyTypeField,
      crl_distribution_point: cdpField,
    },
  },
};

const csrSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['ca_id', 'profile', 'csr', 'validity_days'],
    properties: {
      name: nameField,
      ca_id: idParams.properties.id,
      profile: profileField,
      csr: pemField,
      sans: sansSchema,
      validity_days: validityDaysField,
      crl_distribution_point: cdpField,
    },
  },
};

const importPemSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['certificate'],
    properties: {
      name: nameField,
      certificate: pemField,
      private_key: pemField,
      passphrase: passphraseField,
    },
  },
};

const importPkcs12Schema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['pkcs12', 'password'],
    properties: {
      name: nameField,
      pkcs12: { type: 'string', minLength: 4, maxLength: 1_000_000, pattern: '^[A-Za-z0-9+/]+={0,2}$' },
      password: passphraseField,
    },
  },
};

const exportSchema = {
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['format'],
    properties: {
      format: { type: 'string', enum: ['pem', 'key', 'pkcs12'] },
      password: { type: 'string', minLength: 4, maxLength: 1024 },
      include_chain: { type: 'boolean' },
    },
  },
};

const renewSchema = {
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      validity_days: validityDaysField,
      rekey: { type: 'boolean' },
      key_type: keyTypeField,
      revoke_previous: { type: 'boolean' },
    },
  },
};

export function registerCertificateRoutes(scope: FastifyInstance, p: PkiContext): void {
  // Every route of the PKI area; its changes (issuing, importing, exporting keys, revoking, deleting) need a recent
  // sign-in or re-authentication.
  const pkiArea = { config: { access: area('pki'), reauth: true } };
  const by = (req: Parameters<typeof currentUser>[0]) => currentUser(req).username;

  scope.get<{ Querystring: Static<typeof certificatesQuery> }>(
    '/pki/certificates',
    { ...pkiArea, schema: { querystring: certificatesQuery } },
    async (req) => listCertificatePage(p, req.query),
  );

  // Counts over every certificate for the lifecycle board (the list itself is paged).
  scope.get('/pki/certificates/summary', pkiArea, async () => certificateSummary(p));

  // One request for many: revoke (one new CRL per authority) or delete; refusals are named, the rest is done.
  scope.post<{ Body: { action: 'revoke' | 'delete'; ids: string[]; reason?: RevocationReason } }>(
    '/pki/certificates/bulk',
    {
      ...pkiArea,
      schema: {
        body: bulkBodySchema(['revoke', 'delete'], {
          reason: { type: 'string', enum: [...REVOCATION_REASONS] },
        }),
      },
    },
    async (req) => {
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
    },
  );

  scope.get<{ Params: { id: string } }>(
    '/pki/certificates/:id',
    { ...pkiArea, schema: { params: idParams } },
    async (req) => certDetail(p, req.params.id),
  );

  scope.post<{ Body: IssueInput }>(
    '/pki/certificates',
    { ...pkiArea, schema: issueSchema },
    async (req, reply) => reply.code(201).send(await pkiAction(() => issueCertificate(p, req.body, by(req)))),
  );

  scope.post<{ Body: CsrInput }>(
    '/pki/certificates/csr',
    { ...pkiArea, schema: csrSchema, bodyLimit: PKI_UPLOAD_LIMIT },
    async (req, reply) => reply.code(201).send(await pkiAction(() => signCsr(p, req.body, by(req)))),
  );

  scope.post<{ Body: ImportPemInput }>(
    '/pki/certificates/import',
    { ...pkiArea, schema: importPemSchema, bodyLimit: PKI_UPLOAD_LIMIT },
    async (req, reply) => reply.code(201).send(await pkiAction(() => importPem(p, req.body, by(req)))),
  );

  scope.post<{ Body: ImportPkcs12Input }>(
    '/pki/certificates/import-pkcs12',
    { ...pkiArea, schema: importPkcs12Schema, bodyLimit: PKI_UPLOAD_LIMIT },
    async (req, reply) => reply.code(201).send(await pkiAction(() => importPkcs12(p, req.body, by(req)))),
  );

  scope.get<{ Params: { id: string }; Querystring: { format?: 'pem' | 'der'; chain?: string } }>(
    '/pki/certificates/:id/certificate',
    { ...pkiArea, schema: { params: idParams, querystring: certificateFormatQuery } },
    async (req, reply) => {
      const row = getCertRow(p, req.params.id);
      const chain = truthy(req.query.chain);
      if (req.query.format === 'der') {
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
    },
  );

  scope.post<{ Params: { id: string }; Body: ExportInput }>(
    '/pki/certificates/:id/export',
    { ...pkiArea, schema: exportSchema },
    async (req, reply) => {
      const out = await pkiAction(() => exportCertificate(p, req.params.id, req.body, by(req)));
      if (out.kind === 'p12') return download(reply, out.body, MIME.p12, fileName(out.name, 'p12'));
      return download(
        reply,
        out.body,
        MIME.pem,
        fileName(out.name + (req.body.format === 'key' ? '-key' : ''), 'pem'),
      );
    },
  );

  scope.post<{ Params: { id: string }; Body: RenewInput }>(
    '/pki/certificates/:id/renew',
    { ...pkiArea, schema: renewSchema },
    async (req, reply) =>
      reply
        .code(201)
        .send(await pkiAction(() => renewCertificate(p, req.params.id, req.body ?? {}, by(req)))),
  );

  contractRoute(scope, pki.revokeCertificate, pkiArea.config, async (req) =>
    pkiAction(() => revokeCertificate(p, req.params.id, req.body.reason, by(req))),
  );

  scope.delete<{ Params: { id: string } }>(
    '/pki/certificates/:id',
    { ...pkiArea, schema: { params: idParams } },
    async (req, reply) => {
      deleteCertificate(p, req.params.id, by(req));
      return reply.code(204).send();
    },
  );
}
