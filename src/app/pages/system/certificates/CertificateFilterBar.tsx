/** The filter selects above the certificates table. */
import { Select } from '../../../../widgets/Select';
import type { CertStatus } from '../types';
import { EXPIRY_OPTIONS, type CertificateFilters, type ExpiryFilter } from './filters';

export function CertificateFilterBar({
  value,
  onChange,
  authorities,
  keyAlgorithms,
}: {
  value: CertificateFilters;
  onChange: (next: CertificateFilters) => void;
  authorities: ReadonlyArray<{ id: string; name: string }>;
  keyAlgorithms: readonly string[];
}) {
  return (
    <div className="pki-filters" role="group" aria-label="Filters">
      <Select
        label="Status"
        placeholder="Any status"
        value={value.status}
        options={[
          { value: 'valid', name: 'Valid' },
          { value: 'expired', name: 'Expired' },
          { value: 'revoked', name: 'Revoked' },
          { value: 'not_yet_valid', name: 'Not yet valid' },
        ]}
        onChange={(v) => onChange({ ...value, status: v as CertStatus | '' })}
      />
      <Select
        label="Expiry"
        placeholder="Any time"
        value={value.expiry}
        options={EXPIRY_OPTIONS}
        onChange={(v) => onChange({ ...value, expiry: v as ExpiryFilter })}
      />
      <Select
        label="Authority"
        placeholder="Any authority"
        value={value.ca}
        options={authorities.map((a) => ({ value: a.id, name: a.name }))}
        onChange={(v) => onChange({ ...value, ca: v })}
      />
      <Select
        label="Key type"
        placeholder="Any key"
        value={value.key}
        options={keyAlgorithms.map((k) => ({ value: k, name: k }))}
        onChange={(v) => onChange({ ...value, key: v })}
      />
    </div>
  );
}
