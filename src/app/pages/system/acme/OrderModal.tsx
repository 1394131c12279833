/** "New ACME order": names for one registered account; it proceeds in the background (HTTP-01). */
import { rulesModule } from '../../../forms/lazyRules';
import { CheckboxField, ListField, SelectField, TextField } from '../../common/config/fields';
import { FormModal } from '../../common/FormModal';
import { KEY_TYPES, ORDERS_KEY } from '../resources';
import type { AcmeAccount, KeyType } from '../../../../shared/contracts/pki';
import { createAcmeOrder } from '../../../../shared/contracts/pki';
import { saveOf } from '../../../../store/slices/resources.slice';

interface Values {
  account_id: string;
  names: string[];
  key_type: KeyType;
  auto_renew: boolean;
  renew_before_days: string;
}

// The dialog's Yup rules come with it (lazyRules.ts).
const acmeOrderRules = rulesModule(() => import('./acmeOrderRules').then((m) => m.acmeOrderSchema));

export const NEW_ACME_ORDER: Omit<Values, 'account_id'> = {
  names: [],
  key_type: 'ec-p256',
  auto_renew: true,
  renew_before_days: '30',
};

export function OrderModal({ accounts, onClose }: { accounts: readonly AcmeAccount[]; onClose: () => void }) {
  return (
    <FormModal<Values>
      title="New ACME order"
      submitLabel="Order"
      initialValues={{ account_id: accounts[0]?.id ?? '', ...NEW_ACME_ORDER }}
      rules={acmeOrderRules}
      onClose={onClose}
      toSave={(v) =>
        saveOf({
          key: ORDERS_KEY,
          endpoint: createAcmeOrder,
          body: {
            account_id: v.account_id,
            names: v.names,
            key_type: v.key_type,
            auto_renew: v.auto_renew,
            // Left empty: the appliance's default.
            ...(v.renew_before_days.trim() ? { renew_before_days: Number(v.renew_before_days) } : {}),
          },
          message: 'Order placed: it proceeds in the background.',
        })
      }
    >
      {() => (
        <>
          <SelectField
            name="account_id"
            label="Account"
            options={accounts.map((a) => ({ value: a.id, name: `${a.name} (${a.directory_url})` }))}
          />
          <ListField name="names" label="Names" validators={['fqdn', 'ip']} placeholder="www.example.org" />
          <SelectField name="key_type" label="Key type" options={KEY_TYPES} />
          <CheckboxField name="auto_renew" label="Renew automatically" />
          <TextField name="renew_before_days" label="Renew this many days before expiry" />
        </>
      )}
    </FormModal>
  );
}
