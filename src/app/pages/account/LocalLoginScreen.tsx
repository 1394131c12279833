/**
 * The console's local login (spec §2): username first; Enter or Tab advances to the password, then an optional
 * second step (a one-time code, "Use your security key", or both when the account has both); go back returns one step; provider buttons; offline message and tag; custom logo, cover
 * and title. The view reads the login machine; Formik holds the fields; the machine's effects are provided here.
 */
import { useMachine } from '@xstate/react';
import { Formik, Field, type FormikProps } from 'formik';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loginMachine } from '../../../../machines/login.machine';
import { localAuthMessages, type LoginResult } from '../../../identity/localAuth';
import { createLocalAuthActors, storeBearerToken } from '../../../identity/localAuth.actors';
import { checkRedirect } from '../../../identity/redirects';
import { providerName } from '../../../shared/providers';
import { Form } from '../../forms/Form';
import { useAppSelector } from '../../../store/createStore';
import { useServices } from '../../services';
import { AuthLayout, FormAlert } from './AuthLayout';
import { MarkedField } from './MarkedField';
import { rememberFirstAccessUser } from './firstAccess';
import { fieldChecks, matches, required } from './fieldChecks';
import { safeImageUrl, useAccountEffects } from './useAccountEffects';
import { inspect as qaInspect, type Inspect } from '../../../qa/inspect';

export interface LocalLoginScreenProps {
  title: string;
  /** Where the screen's actor reports its steps (the QA panel by default; a story's chart). */
  inspect?: Inspect;
}

interface Values {
  username: string;
  password: string;
  otp: string;
}

const checks = {
  password: fieldChecks<Values>({ password: [required('Please enter your password.')] }),
  otp: fieldChecks<Values>({
    otp: [
      required('Please enter the one-time code.', { trim: true }),
      matches(/^[0-9]{4,10}$/, 'The code is made of digits.', { trim: true }),
    ],
  }),
};

export function LocalLoginScreen({ title, inspect = qaInspect }: LocalLoginScreenProps) {
  const config = useAppSelector((s) => s.config);
  const [params] = useSearchParams();
  const effects = useAccountEffects();
  const { api } = useServices();
  const returnTo = params.get('return_to');

  const machine = useMemo(() => {
    const safeReturnTo = returnTo ? checkRedirect(returnTo, effects.policy) : null;
    const { loadSetup, login, useSecurityKey } = createLocalAuthActors(api, config, safeReturnTo);
    return loginMachine.provide({
      actors: { loadSetup, login, useSecurityKey },
      actions: {
        completeLogin: ({ context }, { result }: { result: LoginResult }) => {
          if (config.bearerMode && result.accessToken) storeBearerToken(result.accessToken);
          // The server's answer decides: it may send a first access to the change-password page first. It already
          // holds the return_to the request carried.
          const target = checkRedirect(result.redirectUri, effects.policy) ?? safeReturnTo ?? '/';
          rememberFirstAccessUser(target, context.username);
          // A full page load, so the server renders the logged-in console.
          effects.redirect(target, true);
        },
        // Failures outside the §8 401 codes go to the one error handler.
        notifyError: (_, { error }: { error: unknown }) => effects.reportError(error),
      },
    });
  }, [api, config, effects, returnTo]);
  const [snapshot, send] = useMachine(machine, { input: { bearerMode: config.bearerMode }, inspect });
  const { context } = snapshot;
  const step = snapshot.matches({ step: 'username' })
    ? 'username'
    : snapshot.matches({ step: 'password' })
      ? 'password'
      : snapshot.matches({ step: 'otp' })
        ? 'otp'
        : snapshot.matches({ step: 'submitting' })
          ? 'submitting'
          : snapshot.matches({ step: 'securityKey' })
            ? 'securityKey'
            : 'success';
  const setupInfo = context.setup;
  const formLogin = setupInfo.loginMethods.some((m) => m.type === 'form_login');
  const providers = setupInfo.loginMethods.flatMap((m) => (m.type === 'oauth' ? [m] : []));
  const formik = useRef<FormikProps<Values>>(null);
  // The second step's ways: the code field shows when the account has an authenticator app, the key button when it
  // has a security key.
  const codeWay = context.secondFactors.includes('totp');
  const keyWay = context.secondFactors.includes('webauthn');

  // Focus follows the step, so Enter/Tab → password → code is keyboard-only.
  useEffect(() => {
    if (step === 'username' || step === 'password' || step === 'otp') {
      const target = step === 'otp' && !codeWay ? 'login-security-key' : `login-${step}`;
      (document.getElementById(target) as HTMLElement | null)?.focus();
    }
    // Fields the machine cleared (wrong password, wrong code) are cleared in the form too.
    if (step === 'otp') void formik.current?.setFieldValue('otp', '', false);
    if (step === 'password' && context.password === '')
      void formik.current?.setFieldValue('password', '', false);
  }, [step, context.error, context.password, codeWay]);

  const submit = (values: Values) => {
    if (step === 'username') send({ type: 'user.next', username: values.username });
    else if (step === 'password') send({ type: 'user.submit', password: values.password });
    else if (step === 'otp' && codeWay) send({ type: 'user.submit', otp: values.otp.trim() });
    else if (step === 'otp') send({ type: 'user.useKey' });
  };
  const validate = step === 'password' ? checks.password : step === 'otp' && codeWay ? checks.otp : undefined;
  const busy = snapshot.hasTag('busy');

  return (
    <AuthLayout
      title={setupInfo.title ?? title}
      offline={setupInfo.isOffline}
      logo={safeImageUrl(setupInfo.logo, effects.policy)}
      background={safeImageUrl(setupInfo.background, effects.policy)}
    >
      {setupInfo.isOffline ? (
        <p className="auth__alert auth__alert--warning" role="status">
          {localAuthMessages.offline}
        </p>
      ) : null}
      {formLogin ? (
        <Formik<Values>
          innerRef={formik}
          initialValues={{ username: '', password: '', otp: '' }}
          validate={validate}
          onSubmit={submit}
          validateOnBlur={false}
        >
          {({ errors, touched, values }) => {
            const fieldError =
              step === 'password'
                ? touched.password && errors.password
                : step === 'otp'
                  ? touched.otp && errors.otp
                  : undefined;
            // A submission the field check stops is never sent: its message replaces the last refusal's.
            const message = (fieldError || null) ?? context.error;
            return (
              <Form className="auth__form" noValidate aria-describedby="login-error" aria-busy={busy}>
                {step === 'username' ? (
                  <MarkedField
                    id="login-username"
                    name="username"
                    label="Username"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    invalid={Boolean(context.error)}
                    describedBy="login-error"
                    onKeyDown={(e: React.KeyboardEvent<HTMLInputElement>) => {
                      // Tab advances like Enter once a username is typed (spec §2).
                      if (e.key === 'Tab' && !e.shiftKey && values.username.trim()) {
                        e.preventDefault();
                        send({ type: 'user.next', username: values.username });
                      }
                    }}
                  />
                ) : (
                  <p className="auth__who">
                    <span className="visually-hidden">Username: </span>
                    <strong>{context.username}</strong>
                    {/* Lets password managers pair the password with the username of the first step. */}
                    <input
                      type="text"
                      name="username"
                      autoComplete="username"
                      value={context.username}
                      readOnly
                      hidden
                    />
                  </p>
                )}
                {step === 'password' || (busy && !context.prompt) ? (
                  <MarkedField
                    id="login-password"
                    name="password"
                    label="Password"
                    type="password"
                    autoComplete="current-password"
                    disabled={busy}
                    invalid={Boolean(message)}
                    describedBy="login-error"
                  />
                ) : null}
                {codeWay && (step === 'otp' || (busy && context.prompt)) ? (
                  <div className="auth__field">
                    <label htmlFor="login-otp">One-time code</label>
                    <Field
                      id="login-otp"
                      name="otp"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      disabled={busy}
                      aria-invalid={Boolean(context.error)}
                      aria-describedby="login-prompt login-error"
                    />
                  </div>
                ) : null}
                {keyWay && (step === 'otp' || step === 'securityKey') ? (
                  <button
                    type={codeWay ? 'button' : 'submit'}
                    id="login-security-key"
                    className={`button auth__security-key${codeWay ? '' : ' button--primary'}`}
                    onClick={codeWay ? () => send({ type: 'user.useKey' }) : undefined}
                    disabled={busy || !context.keyStep}
                    aria-describedby="login-prompt login-error"
                  >
                    {step === 'securityKey' ? 'Waiting for your security key…' : 'Use your security key'}
                  </button>
                ) : null}
                <FormAlert
                  id="login-prompt"
                  tone="info"
                  message={step === 'otp' || step === 'securityKey' ? context.prompt : null}
                />
                <FormAlert id="login-error" message={message} />
                <div className="auth__actions">
                  {step !== 'username' ? (
                    <button
                      type="button"
                      className="button"
                      onClick={() => send({ type: 'user.back' })}
                      disabled={busy}
                    >
                      Back
                    </button>
                  ) : null}
                  {(step === 'otp' || step === 'securityKey') && !codeWay ? null : (
                    <button type="submit" className="button button--primary" disabled={busy}>
                      {step === 'username' ? 'Next' : busy ? 'Logging in…' : 'Log in'}
                    </button>
                  )}
                </div>
              </Form>
            );
          }}
        </Formik>
      ) : null}
      {providers.length ? (
        <div className="auth__providers" aria-label="Other ways to log in" role="group">
          {providers.map((p) => {
            const href = checkRedirect(p.login_url, effects.policy);
            return href ? (
              <a key={p.provider} className="button auth__provider" href={href} data-provider={p.provider}>
                Log in with {providerName(p.provider)}
              </a>
            ) : null;
          })}
        </div>
      ) : null}
      <nav className="auth__links" aria-label="Account">
        <Link to="/account/recover">Forgot your password?</Link>
        {setupInfo.signup === 'closed' ? null : <Link to="/account/signup">Sign up</Link>}
      </nav>
    </AuthLayout>
  );
}
