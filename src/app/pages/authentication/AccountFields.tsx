/** The editable fields of an account, shared by the add dialog and the detail page. */
import { useField, useFormikContext } from 'formik';
import { widgetRulesOf } from '../../forms/fieldRules';
import { rulesModule } from '../../forms/lazyRules';
import { DateInput } from '../../../widgets/DateInput';
import { useServerFieldError } from '../../../store/useResource';
import { CheckboxField, FieldError, SelectField, TextField } from '../common/config/fields';
import { AccountGroupsField } from './GroupFields';
import {
  newAccountBody,
  type Account,
  type AccountBody,
  type Role,
} from '../../../shared/contracts/authentication';

export interface AccountValues {
  email: string;
  full_name: string;
  role: Role;
  enabled: boolean;
  /** `YYYY-MM-DD` or empty. */
  expires_at: string;
  /** Group ids as strings (the chooser's ids). */
  groups: string[];
}

export const ROLE_OPTIONS = [
  { name: 'User (reads)', value: 'user' },
  { name: 'Admin (reads and changes)', value: 'admin' },
];

// The forms' Yup rules come with them (lazyRules.ts).
export const accountRules = rulesModule(() => import('./accountRules').then((m) => m.accountSchema));
export const newAccountRules = rulesModule(() => import('./accountRules').then((m) => m.newAccountSchema));

export const toAccountValues = (a: Account): AccountValues => ({
  email: a.email,
  full_name: a.full_name,
  role: a.role,
  enabled: a.enabled,
  expires_at: a.expires_at ?? '',
  groups: (a.groups ?? []).map((g) => String(g.id)),
});

export const toAccountBody = (v: AccountValues): AccountBody => ({
  email: v.email.trim(),
  full_name: v.full_name.trim(),
  role: v.role,
  enabled: v.enabled,
  expires_at: v.expires_at || null,
  groups: v.groups.map(Number),
});

/** The expiry day through the date widget (it speaks milliseconds; the API speaks calendar days). */
function ExpiryField() {
  const [field, , helpers] = useField<string>('expires_at');
  const { submitCount } = useFormikContext();
  const server = useServerFieldError('expires_at');
  const value = field.value ? Date.parse(`${field.value}T00:00:00Z`) : null;
  return (
    <div className="config-field">
      <DateInput
        label="Expires after"
        name="expires_at"
        value={value}
        onChange={(ms) => void helpers.setValue(ms === null ? '' : new Date(ms).toISOString().slice(0, 10))}
        hint="Last day the account may sign in; leave empty for no expiry."
        showValidation={submitCount > 0}
      />
      {server ? <FieldError message={server} /> : null}
    </div>
  );
}

export function AccountFields({ withUsername = false }: { withUsername?: boolean }) {
  return (
    <>
      {withUsername ? (
        <TextField
          name="username"
          label="User name"
          {...widgetRulesOf(newAccountBody, 'username')}
          validators={['simple-id']}
          info="Letters, digits, dot, dash and underscore."
        />
      ) : null}
      <TextField name="full_name" label="Full name" />
      <TextField name="email" label="E-mail" validators={['email']} />
      <SelectField name="role" label="Role" options={ROLE_OPTIONS} />
      <CheckboxField name="enabled" label="Enabled" description="A disabled account cannot sign in." />
      <ExpiryField />
      <AccountGroupsField />
    </>
  );
}
