/**
 * /ssh/password: the appliance shell account's password, with the password policy (at least 10 characters, not
 * weak, not containing the user name) and the strength meter; confirmed with the admin's own console password.
 */
import { Formik } from 'formik';
import { Form } from '../../forms/Form';
import { useId } from 'react';
import { rulesModule, useRules } from '../../forms/lazyRules';
import { formatDateTime } from '../../../lib/format';
import { PageHeader } from '../../../widgets/PageHeader';
import { useEndpoint, useResourceSave } from '../../../store/useResource';
import { PasswordStrengthMeter } from '../account/PasswordStrengthMeter';
import { DirtyGuard, FormDirtyReporter } from '../common/config/DirtyGuard';
import { SavedReset, TextField } from '../common/config/fields';
import { SSH_PASSWORD_KEY } from './resources';
import * as ssh from '../../../shared/contracts/ssh';
import '../common/config/config.css';
import { AreaAccess, ReadOnlyNotice, WritableFieldset } from '../common/config/ReadOnly';

export const SSH_PASSWORD_TITLE = 'SSH password';
/** The contract's bounds (the appliance checks the same). */

interface Values {
  new_password: string;
  confirm: string;
  current_password: string;
}

const EMPTY: Values = { new_password: '', confirm: '', current_password: '' };

// The form's Yup rules come with it (lazyRules.ts).
const shellPasswordRules = rulesModule(() => import('./shellPasswordRules'));

export function PasswordPage() {
  const { data } = useEndpoint(ssh.getShellPassword);
  const { save, pending, status } = useResourceSave();
  const rules = useRules(shellPasswordRules);
  const meterId = useId();
  const username = data?.username ?? 'admin';
  return (
    <AreaAccess area="ssh">
      <DirtyGuard>
        <section className="page config-page" aria-label={SSH_PASSWORD_TITLE}>
          <PageHeader
            title={SSH_PASSWORD_TITLE}
            actionDescription={`The password of the appliance shell account "${username}" for SSH logins.`}
            statusNotice={
              data?.changed_at
                ? {
                    text: `Last changed ${formatDateTime(data.changed_at)} by ${data.changed_by ?? 'an admin'}.`,
                    level: 'info',
                  }
                : data
                  ? { text: 'The shell password has not been changed from the console yet.', level: 'info' }
                  : undefined
            }
          />
          <ReadOnlyNotice />
          <section className="config-section" aria-label="Change the shell password">
            <Formik<Values>
              initialValues={EMPTY}
              validationSchema={rules.module?.shellPasswordSchema(username)}
              onSubmit={(v) => {
                save({
                  endpoint: ssh.putShellPassword,
                  key: SSH_PASSWORD_KEY,
                  body: { current_password: v.current_password, new_password: v.new_password },
                  message: 'Shell password changed.',
                });
              }}
            >
              {({ values, dirty }) => (
                <Form noValidate className="config-form" onFocus={rules.fetch}>
                  <WritableFieldset>
                    <FormDirtyReporter id="ssh-password" />
                    <SavedReset status={status} />
                    <TextField
                      name="new_password"
                      label="New password"
                      type="password"
                      autoComplete="new-password"
                      required
                    />
                    <PasswordStrengthMeter password={values.new_password} id={meterId} />
                    <TextField
                      name="confirm"
                      label="Repeat the new password"
                      type="password"
                      autoComplete="new-password"
                      required
                    />
                    <TextField
                      name="current_password"
                      label="Your console password"
                      type="password"
                      autoComplete="current-password"
                      required
                      info="Changing the shell password is confirmed with your own password."
                    />
                    <div className="config-form__actions">
                      <button type="submit" className="button button--primary" disabled={!dirty || pending}>
                        Change password
                      </button>
                    </div>
                  </WritableFieldset>
                </Form>
              )}
            </Formik>
          </section>
        </section>
      </DirtyGuard>
    </AreaAccess>
  );
}
