/** "Create certificate authority": a root, or an intermediate under a CA whose key the appliance holds. */
import { number, object, string } from 'yup';
import { SelectField, TextField } from '../../common/config/fields';
import { FormModal } from '../../common/FormModal';
import { CAS_KEY, KEY_TYPES } from '../resources';
import type { CertificateAuthority, KeyType } from '../../../../shared/contracts/pki';
import { createCa } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

interface Values {
  name: string;
  subject: { common_name: string; organization: string; country: string };
  key_type: KeyType;
  validity_days: string;
  parent_id: string;
}

const schema = object({
  name: string().trim().required('This field is required.').max(100, 'Use at most 100 characters.'),
  subject: object({
    common_name: string().trim().required('This field is required.').max(64, 'Use at most 64 characters.'),
    organization: string().max(64, 'Use at most 64 characters.'),
    country: string().matches(/^([A-Z]{2})?$/, 'Use the two capital letters of the country (e.g. DE).'),
  }),
  validity_days: number()
    .typeError('Enter a whole number of days.')
    .required('This field is required.')
    .integer('Enter a whole number of days.')
    .min(1, 'Use at least 1 day.')
    .max(36500, 'Use at most 36500 days.'),
});

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
      initialValues={{
        name: '',
        subject: { common_name: '', organization: '', country: '' },
        key_type: 'ec-p256',
        validity_days: '3650',
        parent_id: 'root',
      }}
      schema={schema}
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
          <TextField name="validity_days" label="Validity (days)" required />
        </>
      )}
    </FormModal>
  );
}
