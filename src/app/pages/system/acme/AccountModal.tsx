/** "Register ACME account": registers at the directory (its refusal shows under the directory address). */
import { rulesModule } from '../../../forms/lazyRules';
import { useField, useFormikContext } from 'formik';
import { Checkbox } from '../../../../widgets/Checkbox';
import { FieldError, TextField } from '../../common/config/fields';
import { FileField } from '../common/FileField';
import { FormModal } from '../../common/FormModal';
import { createAcmeAccount, listAcmeAccounts } from '../../../../shared/contracts/pki';
import { resourceKeyOf, saveOf } from '../../../../store/slices/resources.slice';

export const ACCOUNTS_KEY = resourceKeyOf(listAcmeAccounts);

interface Values {
  name: string;
  directory_url: string;
  email: string;
  terms_of_service_agreed: boolean;
  trust_pem: string;
}

// The dialog's Yup rules come with it (lazyRules.ts).
const acmeAccountRules = rulesModule(() => import('./acmeAccountRules').then((m) => m.acmeAccountSchema));

export const NEW_ACME_ACCOUNT: Values = {
  name: '',
  directory_url: '',
  email: '',
  terms_of_service_agreed: false,
  trust_pem: '',
};

/** The terms checkbox, with its own error: registering requires the agreement. */
function TermsField() {
  const [field, meta, helpers] = useField<boolean>('terms_of_service_agreed');
  const { submitCount } = useFormikContext();
  return (
    <div className="config-field">
      <Checkbox
        name="terms_of_service_agreed"
        label="I agree to the ACME server's terms of service"
        checked={!!field.value}
        onChange={(v) => void helpers.setValue(v)}
      />
      {submitCount > 0 && meta.error ? <FieldError message={meta.error} /> : null}
    </div>
  );
}

export function AccountModal({ onClose }: { onClose: () => void }) {
  return (
    <FormModal<Values>
      title="Register ACME account"
      submitLabel="Register"
      initialValues={NEW_ACME_ACCOUNT}
      rules={acmeAccountRules}
      onClose={onClose}
      toSave={(v) =>
        saveOf({
          key: ACCOUNTS_KEY,
          endpoint: createAcmeAccount,
          body: {
            name: v.name.trim(),
            directory_url: v.directory_url,
            email: v.email,
            terms_of_service_agreed: true,
            ...(v.trust_pem ? { trust_pem: v.trust_pem } : {}),
          },
          message: `ACME account ${v.name.trim()} registered.`,
        })
      }
    >
      {() => (
        <>
          <TextField name="name" label="Name" required />
          <TextField name="directory_url" label="Directory address" type="url" required />
          <TextField name="email" label="Contact e-mail" type="email" required />
          <FileField
            name="trust_pem"
            label="Trusted CA certificates (optional, PEM)"
            accept=".pem,.crt"
            hint="Only for a private ACME server whose TLS certificate browsers do not trust."
          />
          <TermsField />
        </>
      )}
    </FormModal>
  );
}
