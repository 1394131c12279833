/** The certificates list's filters: status, time to expiry, issuing authority and key algorithm. */
import { daysLeft, EXPIRY_WARNING_DAYS } from '../common/pki';
import type { Certificate, CertStatus } from '../types';

export type ExpiryFilter = '' | 'expired' | 'soon' | 'month';

export interface CertificateFilters {
  status: CertStatus | '';
  expiry: ExpiryFilter;
  ca: string;
  key: string;
}

export const NO_FILTERS: CertificateFilters = { status: '', expiry: '', ca: '', key: '' };

/** An expiry filter from an address's query (`?expiry=soon`); anything else is no filter. */
export const expiryFilterOf = (value: string | null): ExpiryFilter =>
  value === 'expired' || value === 'soon' || value === 'month' ? value : '';

export const EXPIRY_OPTIONS = [
  { value: 'expired', name: 'Expired' },
  { value: 'soon', name: `Within ${EXPIRY_WARNING_DAYS} days` },
  { value: 'month', name: 'Within 30 days' },
];

export function matchesFilters(c: Certificate, f: CertificateFilters, now = Date.now()): boolean {
  if (f.status && c.status !== f.status) return false;
  if (f.ca && c.ca_id !== f.ca) return false;
  if (f.key && c.key_algorithm !== f.key) return false;
  if (f.expiry) {
    const left = daysLeft(c.not_after, now);
    if (f.expiry === 'expired' && left >= 0) return false;
    if (f.expiry === 'soon' && (left < 0 || left >= EXPIRY_WARNING_DAYS)) return false;
    if (f.expiry === 'month' && (left < 0 || left >= 30)) return false;
  }
  return true;
}
