/**
 * Where the PKI pages keep what they read (resource keys) and the key types they offer, in words. The shapes are
 * the PKI contract's (src/shared/contracts/pki.ts).
 */
import type { KeyType } from '../../../shared/contracts/pki';

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
