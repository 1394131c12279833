/** "Create certificate authority": a root, or an intermediate under a CA whose key the appliance holds. */
import { widgetRulesOf } from '../../../forms/fieldRules';
import { rulesModule } from '../../../forms/lazyRules';
import { SelectField, TextField } from '../../common/config/fields';
import { FormModal } from '../../common/FormModal';
import { CAS_KEY, KEY_TYPES } from '../resources';
import type { CertificateAuthority, KeyType } from '../../../../shared/contracts/pki';
import { createCa, createCaBody } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

interface Values {
  name: string;
  subject: { common_name: string; organization: string; country: string };
  key_type: KeyType;
  validity_days: string;
  parent_id: string;
}

// The dialog's Yup rules come with it (lazyRules.ts).
const caCreateRules = rulesModule(() => import('./caCreateRules').then((m) => m.caCreateSchema));

export const NEW_CA: Values = {
  name: '',
  subject: { common_name: '', organization: '', country: '' },
  key_type: 'ec-p256',
  validity_days: '3650',
  parent_id: 'root',
};

export function CaCreateModal({
  authorities,
  onClose,
}: {
  authorities: readonly CertificateAuthority[];
  onClose: () => void;
}) {
  const parents = authorities.filter((ca) => ca.has_private_key && ca.status === 'valid');
  return (
    <FormModal<Values>
      title="Create certificate authority"
      submitLabel="Create"
      initialValues={NEW_CA}
      rules={caCreateRules}
      onClose={onClose}
      toSave={(v) =>
        saveOf({
          key: CAS_KEY,
          endpoint: createCa,
          body: {
            name: v.name.trim(),
            key_type: v.key_type,
            validity_days: Number(v.validity_days),
            parent_id: v.parent_id === 'root' ? null : v.parent_id,
            subject: {
              common_name: v.subject.common_name.trim(),
              ...(v.subject.organization ? { organization: v.subject.organization } : {}),
              ...(v.subject.country ? { country: v.subject.country } : {}),
            },
          },
          message: `Certificate authority ${v.name.trim()} created.`,
        })
      }
    >
      {() => (
        <>
          <TextField name="name" label="Name" required />
          <SelectField
            name="parent_id"
            label="Issued by"
            options={[
              { value: 'root', name: 'Nobody (a root authority)' },
              ...parents.map((ca) => ({ value: ca.id, name: ca.name })),
            ]}
          />
          <TextField name="subject.common_name" label="Common name" required />
          <TextField name="subject.organization" label="Organisation" />
          <TextField name="subject.country" label="Country" info="Two capital letters, e.g. DE." />
          <SelectField name="key_type" label="Key type" options={KEY_TYPES} />
          <TextField
            name="validity_days"
            label="Validity (days)"
            {...widgetRulesOf(createCaBody, 'validity_days')}
          />
        </>
      )}
    </FormModal>
  );
}
