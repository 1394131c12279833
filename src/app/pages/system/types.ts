/** What the appliance answers for the PKI pages (see the PKI section of src/appliance/README.md). */
export type CertStatus = 'valid' | 'expired' | 'not_yet_valid' | 'revoked';
export type KeyType = 'rsa-2048' | 'rsa-3072' | 'rsa-4096' | 'ec-p256' | 'ec-p384';

export interface Subject {
  common_name: string;
  organization?: string;
  organizational_unit?: string;
  country?: string;
  state?: string;
  locality?: string;
  email?: string;
}

export interface ChainLink {
  subject: string;
  issuer: string;
  not_after: string;
  fingerprint_sha256: string;
}

export interface CertificateAuthority {
  id: string;
  name: string;
  kind: 'root' | 'intermediate';
  parent_id: string | null;
  source: 'created' | 'imported';
  has_private_key: boolean;
  status: CertStatus;
  common_name: string;
  subject: string;
  issuer: string;
  serial: string;
  fingerprint_sha256: string;
  not_before: string;
  not_after: string;
  key_algorithm: string;
  path_length: number | null;
  key_usage: string[];
  crl_validity_hours: number;
  /** The public CRL address written into certificates that point to the appliance's CRL. */
  public_crl_url?: string;
  certificates: number;
  revoked: number;
  crl: { id: string; number: number; this_update: string; next_update: string } | null;
  created_at: string;
}

export interface CertificateAuthorityDetail extends CertificateAuthority {
  signature_algorithm: string;
  chain: ChainLink[];
  pem: string;
}

export interface Sans {
  dns: string[];
  ip: string[];
  uri: string[];
  email: string[];
}

export interface Certificate {
  id: string;
  name: string;
  ca_id: string | null;
  ca_name: string | null;
  profile: 'server' | 'client' | 'other';
  source: 'issued' | 'csr' | 'imported' | 'acme';
  status: CertStatus;
  common_name: string;
  subject: string;
  issuer: string;
  serial: string;
  sans: Sans;
  not_before: string;
  not_after: string;
  key_algorithm: string;
  has_private_key: boolean;
  fingerprint_sha256: string;
  revoked_at: string | null;
  revocation_reason: string | null;
  renewed_from: string | null;
  renewed_by: string | null;
  used_by: string[];
  created_at: string;
}

export interface CertificateDetail extends Certificate {
  signature_algorithm: string;
  key_usage: string[];
  extended_key_usage: string[];
  crl_distribution_points: string[];
  chain: ChainLink[];
  pem: string;
}

export interface RevocationList {
  id: string;
  name: string;
  ca_id: string | null;
  ca_name: string | null;
  source: 'generated' | 'imported';
  status: 'current' | 'superseded' | 'expired';
  issuer: string;
  number: number | null;
  this_update: string;
  next_update: string | null;
  entries: number;
  created_at: string;
}

export interface RevocationListDetail extends RevocationList {
  signature_algorithm: string;
  revoked: Array<{ serial: string; revocation_date: string; reason: string | null }>;
}

export interface AcmeOrder {
  id: string;
  account_id: string;
  account_name: string;
  names: string[];
  key_type: KeyType;
  status: 'pending' | 'ready' | 'processing' | 'valid' | 'invalid';
  detail: string | null;
  certificate_id: string | null;
  not_after: string | null;
  renew_at: string | null;
  auto_renew: boolean;
  renew_before_days: number;
  renews_order_id: string | null;
  renewed_by_order_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ListAnswer<T> {
  data: T[];
}

export const CAS_KEY = 'pki/cas';
export const caKey = (id: string) => `pki/cas/${id}`;
export const CERTIFICATES_KEY = 'pki/certificates';
export const certificateKey = (id: string) => `pki/certificates/${id}`;
/** Counts over every certificate (the lifecycle board). */
export const CERTIFICATE_SUMMARY_KEY = 'pki/certificates/summary';
export const CRLS_KEY = 'pki/crls';
export const crlKey = (id: string) => `pki/crls/${id}`;
export const ORDERS_KEY = 'pki/acme/orders';
export const orderKey = (id: string) => `pki/acme/orders/${id}`;

export const KEY_TYPES: ReadonlyArray<{ value: KeyType; name: string }> = [
  { value: 'ec-p256', name: 'ECDSA P-256' },
  { value: 'ec-p384', name: 'ECDSA P-384' },
  { value: 'rsa-2048', name: 'RSA 2048' },
  { value: 'rsa-3072', name: 'RSA 3072' },
  { value: 'rsa-4096', name: 'RSA 4096' },
];
