/** "Issue certificate": a new key and certificate signed by one of the appliance's authorities. */
import type { IssueValues } from './issueValues';
import { widgetRulesOf } from '../../../forms/fieldRules';
import { rulesModule } from '../../../forms/lazyRules';
import { CheckboxField, ListField, SelectField, TextField } from '../../common/config/fields';
import { FormModal } from '../../common/FormModal';
import { isLoopbackAddress, LOOPBACK_CRL_WARNING } from '../../../../shared/loopback';
import { CERTIFICATES_KEY, CAS_KEY, KEY_TYPES } from '../resources';
import type { CertificateAuthority } from '../../../../shared/contracts/pki';
import { issueBody, issueCertificate } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

export const PROFILES = [
  { value: 'server', name: 'Server (TLS server authentication)' },
  { value: 'client', name: 'Client (TLS client authentication)' },
];

// The dialog's Yup rules come with it (lazyRules.ts).
const issueRules = rulesModule(() => import('./issueRules').then((m) => m.issueSchema));

export const NEW_CERTIFICATE: Omit<IssueValues, 'ca_id'> = {
  profile: 'server',
  name: '',
  subject: { common_name: '', organization: '' },
  dns: [],
  ip: [],
  key_type: 'ec-p256',
  validity_days: '397',
  crl: true,
};

/** Warns, before issuing, that the CRL address the certificate would carry is on the loopback. */
function LoopbackCrlWarning({ url }: { url: string | undefined }) {
  if (!url || !isLoopbackAddress(url)) return null;
  return (
    <p className="config-field__warning" role="status">
      <strong>{url}</strong>: {LOOPBACK_CRL_WARNING}
    </p>
  );
}

/** Authorities that can sign: their key is in the appliance and they are valid. */
export const signingAuthorities = (cas: readonly CertificateAuthority[]) =>
  cas.filter((ca) => ca.has_private_key && ca.status === 'valid');

export function IssueModal({
  authorities,
  onClose,
}: {
  authorities: readonly CertificateAuthority[];
  onClose: () => void;
}) {
  const signers = signingAuthorities(authorities);
  return (
    <FormModal<IssueValues>
      title="Issue certificate"
      submitLabel="Issue"
      initialValues={{ ca_id: signers[0]?.id ?? '', ...NEW_CERTIFICATE }}
      rules={issueRules}
      onClose={onClose}
      toSave={(v) =>
        saveOf({
          key: CERTIFICATES_KEY,
          endpoint: issueCertificate,
          body: {
            ca_id: v.ca_id,
            profile: v.profile,
            subject: {
              common_name: v.subject.common_name.trim(),
              ...(v.subject.organization ? { organization: v.subject.organization } : {}),
            },
            sans: { dns: v.dns, ip: v.ip, uri: [], email: [] },
            key_type: v.key_type,
            validity_days: Number(v.validity_days),
            ...(v.name.trim() ? { name: v.name.trim() } : {}),
            ...(v.crl ? { crl_distribution_point: 'appliance' } : {}),
          },
          message: `Certificate ${v.name.trim() || v.subject.common_name.trim()} issued.`,
          refresh: [CAS_KEY],
        })
      }
    >
      {(v) => (
        <>
          <SelectField
            name="ca_id"
            label="Issuing authority"
            options={signers.map((ca) => ({ value: ca.id, name: ca.name }))}
            hint={signers.length === 0 ? 'Create an authority first: none can sign yet.' : undefined}
          />
          <SelectField name="profile" label="Profile" options={PROFILES} />
          <TextField name="subject.common_name" label="Common name" required />
          <TextField name="subject.organization" label="Organisation" />
          <ListField
            name="dns"
            label="DNS names"
            validators={['fqdn', 'hostname']}
            placeholder="www.example.org"
          />
          <ListField
            name="ip"
            label="IP addresses"
            validators={['ip', 'ipv6']}
            placeholder="192.0.2.10 or 2001:db8::10"
          />
          <SelectField name="key_type" label="Key type" options={KEY_TYPES} />
          <TextField
            name="validity_days"
            label="Validity (days)"
            {...widgetRulesOf(issueBody, 'validity_days')}
          />
          <TextField
            name="name"
            label="Name (optional)"
            info="Shown in the lists; the common name by default."
          />
          <CheckboxField
            name="crl"
            label="Point to the appliance's public CRL"
            description="Writes this console's CRL address into the certificate so clients can check revocation."
          />
          <LoopbackCrlWarning
            url={v.crl ? authorities.find((ca) => ca.id === v.ca_id)?.public_crl_url : undefined}
          />
        </>
      )}
    </FormModal>
  );
}
