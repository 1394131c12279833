/** Appliance answers of the PKI pages, shaped as src/appliance/pki documents them, for stories and tests. */
import type {
  CertificateAuthorityDetail,
  CertificateDetail,
  RevocationListDetail,
} from '../../../src/shared/contracts/pki';

const DAY = 86_400_000;
/** Dates relative to now, so "expires in N days" stays true whenever the story is looked at. */
export const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

export const rootCa: CertificateAuthorityDetail = {
  id: '6f1c2a8e-6f3b-4a55-9a0e-7a1d2c3b4e5f',
  name: 'Lab root',
  kind: 'root',
  parent_id: null,
  source: 'created',
  has_private_key: true,
  status: 'valid',
  common_name: 'Lab Root CA',
  subject: 'CN=Lab Root CA, O=Example',
  issuer: 'CN=Lab Root CA, O=Example',
  serial: '5A3F0C91D2',
  fingerprint_sha256:
    'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89',
  not_before: inDays(-30),
  not_after: inDays(3620),
  key_algorithm: 'ECDSA P-256',
  path_length: null,
  key_usage: ['key_cert_sign', 'crl_sign', 'digital_signature'],
  crl_validity_hours: 168,
  certificates: 2,
  revoked: 1,
  crl: {
    id: '0b7e6d1c-1111-4c2d-8e3f-9a0b1c2d3e4f',
    number: 2,
    this_update: inDays(-1),
    next_update: inDays(6),
  },
  created_at: inDays(-30),
  signature_algorithm: 'ecdsa-with-SHA256',
  chain: [
    {
      subject: 'CN=Lab Root CA, O=Example',
      issuer: 'CN=Lab Root CA, O=Example',
      not_after: inDays(3620),
      fingerprint_sha256: 'AB:CD',
    },
  ],
  pem: '-----BEGIN CERTIFICATE-----\nMIIB…\n-----END CERTIFICATE-----\n',
};

export const importedCa: CertificateAuthorityDetail = {
  ...rootCa,
  id: '9e8d7c6b-5a49-4838-a271-605f4e3d2c1b',
  name: 'Partner CA',
  source: 'imported',
  has_private_key: false,
  status: 'expired',
  common_name: 'Partner CA',
  subject: 'CN=Partner CA',
  issuer: 'CN=Partner CA',
  not_after: inDays(-3),
  certificates: 0,
  revoked: 0,
  crl: null,
  chain: [],
};

export const webCertificate: CertificateDetail = {
  id: '3c2b1a09-8f7e-4d6c-b5a4-938271605f4e',
  name: 'www.example.test',
  ca_id: rootCa.id,
  ca_name: rootCa.name,
  profile: 'server',
  source: 'issued',
  status: 'valid',
  common_name: 'www.example.test',
  subject: 'CN=www.example.test',
  issuer: rootCa.subject,
  serial: '7B21C0FFEE',
  sans: { dns: ['www.example.test', 'example.test'], ip: ['192.0.2.10'], uri: [], email: [] },
  not_before: inDays(-80),
  not_after: inDays(10),
  key_algorithm: 'ECDSA P-256',
  has_private_key: true,
  fingerprint_sha256: '01:02:03:04',
  revoked_at: null,
  revocation_reason: null,
  renewed_from: null,
  renewed_by: null,
  used_by: ['console HTTPS listener (port 8443)'],
  created_at: inDays(-80),
  signature_algorithm: 'ecdsa-with-SHA256',
  key_usage: ['digital_signature'],
  extended_key_usage: ['server_auth'],
  crl_distribution_points: ['https://rampart.example.test/api/pki/public/cas/6f1c/crl'],
  chain: rootCa.chain,
  pem: '-----BEGIN CERTIFICATE-----\nMIIC…\n-----END CERTIFICATE-----\n',
};

export const revokedCertificate: CertificateDetail = {
  ...webCertificate,
  id: '4d3c2b1a-0f9e-4d8c-a7b6-a59483726150',
  name: 'vpn-client',
  profile: 'client',
  common_name: 'vpn-client',
  subject: 'CN=vpn-client',
  sans: { dns: [], ip: [], uri: [], email: ['ops@example.test'] },
  status: 'revoked',
  not_after: inDays(200),
  revoked_at: inDays(-2),
  revocation_reason: 'key_compromise',
  used_by: [],
  serial: '7B21C0FFEF',
};

export const currentCrl: RevocationListDetail = {
  id: rootCa.crl!.id,
  name: 'Lab root CRL #2',
  ca_id: rootCa.id,
  ca_name: rootCa.name,
  source: 'generated',
  status: 'current',
  issuer: rootCa.subject,
  number: 2,
  this_update: inDays(-1),
  next_update: inDays(6),
  entries: 1,
  created_at: inDays(-1),
  signature_algorithm: 'ecdsa-with-SHA256',
  revoked: [{ serial: revokedCertificate.serial, revocation_date: inDays(-2), reason: 'key_compromise' }],
};

/** A list endpoint's first page of `data` (`{data, total, page, per_page}`). */
export const paged = <T>(data: T[], total = data.length) => ({ data, total, page: 1, per_page: 50 });

/** The resource keys of the PKI lists' first pages as their pages ask for them (`listKey`). */
export const FIRST_PAGE = {
  certificates: 'pki/certificates?page=1&per_page=50&sort=-created_at',
  cas: 'pki/cas?page=1&per_page=50&sort=name',
  crls: 'pki/crls?page=1&per_page=50&sort=-created_at',
  orders: 'pki/acme/orders?page=1&per_page=50&sort=-created_at',
} as const;

/** `pki/certificates/summary` over `webCertificate` (watched: it expires soon) and `revokedCertificate`. */
export const certificateSummary = {
  total: 2,
  by_status: { valid: 1, expired: 0, revoked: 1, not_yet_valid: 0 },
  expiring: { days_7: 0, days_30: 1 },
  horizon_days: 90,
  watched: [
    {
      id: webCertificate.id,
      name: webCertificate.name,
      ca_id: webCertificate.ca_id,
      profile: webCertificate.profile,
      not_after: webCertificate.not_after,
      used_by: webCertificate.used_by,
    },
  ],
  watched_total: 1,
  expired_unrenewed: 0,
};
