/**
 * Where the PKI pages keep what they read (resource keys) and the key types they offer, in words. The shapes are
 * the PKI contract's (src/shared/contracts/pki.ts).
 */
import { keyOf } from '../../../shared/contracts/endpoint';
import {
  getAcmeOrder,
  getCa,
  getCertificate,
  getCertificateSummary,
  getCrl,
  listAcmeOrders,
  listCas,
  listCertificates,
  listCrls,
  type KeyType,
} from '../../../shared/contracts/pki';

export const CAS_KEY = keyOf(listCas);
/** One object's key: its detail endpoint's path (`pki/cas/{id}`). */
export const caKey = (id: string) => keyOf(getCa, { id });
export const CERTIFICATES_KEY = keyOf(listCertificates);
export const certificateKey = (id: string) => keyOf(getCertificate, { id });
/** Counts over every certificate (the lifecycle board). */
export const CERTIFICATE_SUMMARY_KEY = keyOf(getCertificateSummary);
export const CRLS_KEY = keyOf(listCrls);
export const crlKey = (id: string) => keyOf(getCrl, { id });
export const ORDERS_KEY = keyOf(listAcmeOrders);
export const orderKey = (id: string) => keyOf(getAcmeOrder, { id });

export const KEY_TYPES: ReadonlyArray<{ value: KeyType; name: string }> = [
  { value: 'ec-p256', name: 'ECDSA P-256' },
  { value: 'ec-p384', name: 'ECDSA P-384' },
  { value: 'rsa-2048', name: 'RSA 2048' },
  { value: 'rsa-3072', name: 'RSA 3072' },
  { value: 'rsa-4096', name: 'RSA 4096' },
];
