/** Revoke one or more certificates with a reason; the authority's CRL is published again at once. */
import { rulesModule } from '../../../forms/lazyRules';
import { SelectField } from '../../common/config/fields';
import { FormModal } from '../../common/FormModal';
import { CAS_KEY, CERTIFICATES_KEY, CRLS_KEY, certificateKey } from '../resources';
import { revokeCertificate, type RevocationReason } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

export const REASONS: ReadonlyArray<{ value: RevocationReason; name: string }> = [
  { value: 'unspecified', name: 'Unspecified' },
  { value: 'key_compromise', name: 'Key compromise' },
  { value: 'ca_compromise', name: 'CA compromise' },
  { value: 'affiliation_changed', name: 'Affiliation changed' },
  { value: 'superseded', name: 'Superseded' },
  { value: 'cessation_of_operation', name: 'Cessation of operation' },
  { value: 'certificate_hold', name: 'Certificate hold' },
  { value: 'privilege_withdrawn', name: 'Privilege withdrawn' },
];

// The dialog's Yup rules come with it (lazyRules.ts).
const revokeRules = rulesModule(() => import('./revokeRules').then((m) => m.revokeSchema));

export function RevokeModal({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  return (
    <FormModal<{ reason: RevocationReason }>
      title={`Revoke ${name}?`}
      submitLabel="Revoke"
      initialValues={{ reason: 'unspecified' }}
      rules={revokeRules}
      onClose={onClose}
      toSave={(v) =>
        saveOf({
          endpoint: revokeCertificate,
          params: { id },
          key: certificateKey(id),
          body: { reason: v.reason },
          message: `${name} revoked; the revocation list was published again.`,
          refresh: [CERTIFICATES_KEY, CAS_KEY, CRLS_KEY],
        })
      }
    >
      {() => (
        <>
          <p>Revoking cannot be undone: clients checking the revocation list will refuse this certificate.</p>
          <SelectField name="reason" label="Reason" options={REASONS} />
        </>
      )}
    </FormModal>
  );
}
