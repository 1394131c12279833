/**
 * The PKI contract describes what the real server answers: authorities, certificates (issued, revoked), revocation
 * lists, the lifecycle board's summary, bulk answers and ACME accounts conform to their closed response schemas.
 */
import {
  acmeAccounts,
  acmeOrder,
  bulkAnswer,
  certificate,
  certificateAuthority,
  certificateAuthorityDetail,
  certificateDetail,
  certificateSummary,
  revocationList,
  revocationListDetail,
} from '../../../src/shared/contracts/pki';
import { listPage } from '../../../src/shared/contracts/listing';
import { expectConforms } from '../support/contracts';
import { rootCaBody, startPki, type PkiHarness } from '../pki/support';

let t: PkiHarness;
beforeAll(async () => {
  t = await startPki();
}, 60_000);
afterAll(() => t.h.close());

const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
  const r = await res;
  expect({ status: r.statusCode, body: r.statusCode === status ? '' : r.body }).toEqual({ status, body: '' });
  return r.json() as Record<string, unknown>;
};

it('answers authorities, certificates, revocation lists and the summary as the contract says', async () => {
  const root = await ok(t.admin.post('/api/pki/cas', rootCaBody()), 201);
  expectConforms(certificateAuthorityDetail, root);
  const inter = await ok(
    t.admin.post('/api/pki/cas', {
      name: 'Issuing',
      parent_id: root.id,
      key_type: 'ec-p256',
      subject: { common_name: 'Issuing CA' },
      validity_days: 1000,
    }),
    201,
  );
  expectConforms(certificateAuthorityDetail, inter);
  expectConforms(listPage(certificateAuthority), await ok(t.admin.get('/api/pki/cas')));
  expectConforms(certificateAuthorityDetail, await ok(t.admin.get(`/api/pki/cas/${String(inter.id)}`)));

  const issue = (name: string) =>
    ok(
      t.admin.post('/api/pki/certificates', {
        ca_id: inter.id,
        profile: 'server',
        subject: { common_name: name },
        sans: { dns: [name], ip: ['10.0.0.1'] },
        validity_days: 20,
        key_type: 'ec-p256',
        crl_distribution_point: 'appliance',
      }),
      201,
    );
  const cert = await issue('www.example.test');
  expectConforms(certificateDetail, cert);
  const other = await issue('api.example.test');
  expectConforms(
    certificateDetail,
    await ok(t.admin.post(`/api/pki/certificates/${String(other.id)}/revoke`, { reason: 'superseded' })),
  );
  expectConforms(listPage(certificate), await ok(t.admin.get('/api/pki/certificates?sort=-created_at')));
  expectConforms(certificateDetail, await ok(t.admin.get(`/api/pki/certificates/${String(cert.id)}`)));
  const summary = await ok(t.admin.get('/api/pki/certificates/summary'));
  expect(summary.watched_total).toBe(1);
  expectConforms(certificateSummary, summary);

  const crl = await ok(t.admin.post(`/api/pki/cas/${String(inter.id)}/crl`), 201);
  expectConforms(revocationList, crl);
  expectConforms(listPage(revocationList), await ok(t.admin.get('/api/pki/crls')));
  const detail = await ok(t.admin.get(`/api/pki/crls/${String(crl.id)}`));
  expect((detail.revoked as unknown[]).length).toBe(1);
  expectConforms(revocationListDetail, detail);

  expectConforms(
    bulkAnswer,
    await ok(
      t.admin.post('/api/pki/certificates/bulk', { action: 'revoke', ids: [cert.id], reason: 'superseded' }),
    ),
  );
  expectConforms(acmeAccounts, await ok(t.admin.get('/api/pki/acme/accounts')));
  expectConforms(listPage(acmeOrder), await ok(t.admin.get('/api/pki/acme/orders')));
});
