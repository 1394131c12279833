/** "Sign a CSR": a PKCS#10 request from elsewhere, signed by an appliance authority (no key is stored). */
import { widgetRulesOf } from '../../../forms/fieldRules';
import { rulesModule } from '../../../forms/lazyRules';
import { SelectField, TextField } from '../../common/config/fields';
import { FileField } from '../common/FileField';
import { FormModal } from '../../common/FormModal';
import { CAS_KEY, CERTIFICATES_KEY } from '../resources';
import type { CertificateAuthority } from '../../../../shared/contracts/pki';
import { PROFILES, signingAuthorities } from './IssueModal';
import { csrBody, signCsr } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

interface Values {
  ca_id: string;
  profile: 'server' | 'client';
  csr: string;
  validity_days: string;
  name: string;
}

// The dialog's Yup rules come with it (lazyRules.ts).
const csrRules = rulesModule(() => import('./csrRules').then((m) => m.csrSchema));

export function CsrModal({
  authorities,
  onClose,
}: {
  authorities: readonly CertificateAuthority[];
  onClose: () => void;
}) {
  const signers = signingAuthorities(authorities);
  return (
    <FormModal<Values>
      title="Sign a certificate request"
      submitLabel="Sign"
      initialValues={{
        ca_id: signers[0]?.id ?? '',
        profile: 'server',
        csr: '',
        validity_days: '397',
        name: '',
      }}
      rules={csrRules}
      onClose={onClose}
      toSave={(v) =>
        saveOf({
          key: CERTIFICATES_KEY,
          endpoint: signCsr,
          body: {
            ca_id: v.ca_id,
            profile: v.profile,
            csr: v.csr,
            validity_days: Number(v.validity_days),
            ...(v.name.trim() ? { name: v.name.trim() } : {}),
          },
          message: 'The request was signed.',
          refresh: [CAS_KEY],
        })
      }
    >
      {() => (
        <>
          <SelectField
            name="ca_id"
            label="Issuing authority"
            options={signers.map((ca) => ({ value: ca.id, name: ca.name }))}
          />
          <SelectField name="profile" label="Profile" options={PROFILES} />
          <FileField name="csr" label="Certificate signing request (PEM)" accept=".csr,.pem,.req" />
          <TextField
            name="validity_days"
            label="Validity (days)"
            {...widgetRulesOf(csrBody, 'validity_days')}
          />
          <TextField name="name" label="Name (optional)" />
        </>
      )}
    </FormModal>
  );
}
