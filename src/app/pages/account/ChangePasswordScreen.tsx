/**
 * Local change password (spec §2, §5, §8): username, current and new password, the new one repeated; the password
 * rules show from the start (not only after a refusal), with the strength meter; a one-time-code field replaces
 * them when the server asks for it. `notice=first_access_change` is raised by the page's query notices.
 */
import { useMachine } from '@xstate/react';
import { Field, Formik, type FormikProps } from 'formik';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { changePasswordMachine } from '../../../../machines/changePassword.machine';
import { localAuthMessages, type LoginResult } from '../../../identity/localAuth';
import { createLocalAuthActors } from '../../../identity/localAuth.actors';
import { checkRedirect } from '../../../identity/redirects';
import { useAppSelector } from '../../../store/createStore';
import { Form } from '../../forms/Form';
import { useServices } from '../../services';
import { AuthLayout, FormAlert } from './AuthLayout';
import { forgetFirstAccessUser, useFirstAccessUser } from './firstAccess';
import { MarkedField } from './MarkedField';
import { fieldChecks, required } from './fieldChecks';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { useAccountEffects } from './useAccountEffects';
import { LOCAL_PASSWORD_MIN_LENGTH } from '../../../lib/passwordStrength';
import { inspect as qaInspect, type Inspect } from '../../../qa/inspect';

/** Where the login route sends a user whose password just changed (spec §2 notice=password_changed). */
export const AFTER_CHANGE_PATH = '/account/login?notice=password_changed';

interface FieldValues {
  username: string;
  password: string;
  newPassword: string;
  confirmPassword: string;
}

/** Under the repeated password when it differs from the new one. */
export const PASSWORDS_DIFFER = 'The two new passwords differ: type the same password twice.';

/** What the appliance asks of a local password (src/service-kit/passwordPolicy.ts), said before any refusal. */
export const PASSWORD_RULES = [
  `At least ${LOCAL_PASSWORD_MIN_LENGTH} characters`,
  'Not your user name, nor built on it',
  'Not one of the commonly used passwords',
  'At least medium strength: mix lower and upper case letters, digits and symbols',
  'Not your current password',
] as const;

const checkFields = fieldChecks<FieldValues>({
  username: [required(localAuthMessages.completeAllFields, { trim: true })],
  password: [required(localAuthMessages.completeAllFields)],
  newPassword: [required(localAuthMessages.completeAllFields)],
  confirmPassword: [required(localAuthMessages.completeAllFields)],
});
const validateFields = (values: FieldValues) => {
  const errors = checkFields(values);
  if (!errors.confirmPassword && values.confirmPassword !== values.newPassword)
    errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
};
const validateCode = fieldChecks<{ otp: string }>({
  otp: [required(localAuthMessages.completeAllFields, { trim: true })],
});

export function ChangePasswordScreen({ title, inspect = qaInspect }: { title: string; inspect?: Inspect }) {
  const config = useAppSelector((s) => s.config);
  const effects = useAccountEffects();
  const { api } = useServices();
  const knownUser = useFirstAccessUser();
  const [params] = useSearchParams();
  // The page a first access originally asked for; the server hands it back on the login it redirects to.
  const rawReturnTo = params.get('return_to');
  const returnTo = rawReturnTo ? checkRedirect(rawReturnTo, effects.policy) : null;
  const machine = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: { changePassword: createLocalAuthActors(api, config, returnTo).changePassword },
        actions: {
          completeChange: (_, { result }: { result: LoginResult }) => {
            forgetFirstAccessUser();
            effects.redirect(checkRedirect(result.redirectUri, effects.policy) ?? AFTER_CHANGE_PATH, true);
          },
          // Failures outside the §8 401 codes go to the one error handler (a weak new password is a field error).
          notifyError: (_, { error }: { error: unknown }) => effects.reportError(error),
        },
      }),
    [api, config, effects, returnTo],
  );
  const [snapshot, send] = useMachine(machine, { inspect });
  const { context } = snapshot;
  const codeStep = snapshot.matches('otp') || (snapshot.matches('submitting') && Boolean(context.prompt));
  const busy = snapshot.hasTag('busy');
  // The first access's user name is known only in the browser (session storage, not on the server): it fills the
  // username once known, unless one was typed meanwhile (before the page was hydrated, too).
  const fields = useRef<FormikProps<FieldValues>>(null);
  useEffect(() => {
    const form = fields.current;
    if (knownUser && form && !form.values.username) void form.setFieldValue('username', knownUser, false);
  }, [knownUser]);

  return (
    <AuthLayout title={title}>
      {codeStep ? (
        <Formik
          key="code"
          initialValues={{ otp: '' }}
          validate={validateCode}
          onSubmit={(v) => send({ type: 'user.submitCode', otp: v.otp })}
        >
          {({ errors, touched }) => (
            <Form className="auth__form" noValidate aria-busy={busy}>
              <FormAlert id="cp-prompt" tone="info" message={context.prompt} />
              <div className="auth__field">
                <label htmlFor="cp-otp">One-time code</label>
                <Field
                  id="cp-otp"
                  name="otp"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  autoFocus
                  disabled={busy}
                  aria-describedby="cp-prompt cp-error"
                />
              </div>
              <FormAlert id="cp-error" message={(touched.otp ? errors.otp : null) ?? context.error} />
              <div className="auth__actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => send({ type: 'user.back' })}
                  disabled={busy}
                >
                  Back
                </button>
                <button type="submit" className="button button--primary" disabled={busy}>
                  Change password
                </button>
              </div>
            </Form>
          )}
        </Formik>
      ) : (
        <Formik<FieldValues>
          key="fields"
          innerRef={fields}
          initialValues={{
            username: context.username || knownUser,
            password: '',
            newPassword: '',
            confirmPassword: '',
          }}
          validate={validateFields}
          onSubmit={(v) =>
            send({
              type: 'user.submit',
              username: v.username,
              password: v.password,
              newPassword: v.newPassword,
            })
          }
        >
          {({ errors, touched, values, submitCount }) => {
            const incomplete =
              submitCount > 0 &&
              (errors.username ||
                errors.password ||
                errors.newPassword ||
                errors.confirmPassword === localAuthMessages.completeAllFields)
                ? localAuthMessages.completeAllFields
                : null;
            // The repeated password differs: said under it once it was left or the form was sent.
            const differ =
              errors.confirmPassword === PASSWORDS_DIFFER && (touched.confirmPassword || submitCount > 0);
            return (
              <Form className="auth__form" noValidate aria-busy={busy}>
                <MarkedField
                  id="cp-username"
                  name="username"
                  label="Username"
                  autoComplete="username"
                  disabled={busy}
                  invalid={Boolean(touched.username && errors.username)}
                  describedBy="cp-error"
                />
                <MarkedField
                  id="cp-password"
                  name="password"
                  label="Current password"
                  type="password"
                  autoComplete="current-password"
                  disabled={busy}
                  invalid={Boolean(touched.password && errors.password)}
                  describedBy="cp-error"
                />
                <MarkedField
                  id="cp-new-password"
                  name="newPassword"
                  serverName="new_password"
                  label="New password"
                  type="password"
                  autoComplete="new-password"
                  disabled={busy}
                  describedBy="cp-rules cp-strength cp-error"
                >
                  <div id="cp-rules" className="auth__rules">
                    <p className="auth__rules-title">The new password must be:</p>
                    <ul>
                      {PASSWORD_RULES.map((rule) => (
                        <li key={rule}>{rule}</li>
                      ))}
                    </ul>
                  </div>
                  <PasswordStrengthMeter id="cp-strength" password={values.newPassword} />
                </MarkedField>
                <MarkedField
                  id="cp-confirm-password"
                  name="confirmPassword"
                  label="Repeat the new password"
                  type="password"
                  autoComplete="new-password"
                  disabled={busy}
                  invalid={Boolean(touched.confirmPassword && errors.confirmPassword)}
                  describedBy={differ ? 'cp-confirm-error cp-error' : 'cp-error'}
                >
                  {differ ? (
                    <p id="cp-confirm-error" className="auth__field-error" role="alert">
                      {PASSWORDS_DIFFER}
                    </p>
                  ) : null}
                </MarkedField>
                {/* An incomplete submission is never sent: its message replaces the last refusal's. */}
                <FormAlert id="cp-error" message={incomplete ?? context.error} />
                <div className="auth__actions">
                  <button type="submit" className="button button--primary" disabled={busy}>
                    {busy ? 'Changing…' : 'Change password'}
                  </button>
                </div>
              </Form>
            );
          }}
        </Formik>
      )}
    </AuthLayout>
  );
}
