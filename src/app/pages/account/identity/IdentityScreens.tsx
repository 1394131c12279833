/**
 * The identity self-service screens (spec §2): login, sign-up, recovery, verification, settings and logout over
 * their machines, rendered with the generic flow form. This module is a chunk of its own (it carries the identity
 * SDK), loaded only by these pages.
 */
import type { UiText } from '@ory/client-fetch';
import { useMachine } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AnyStateMachine, InputFrom } from 'xstate';
import {
  flowFormMachine,
  type FlowFormContext,
  type FlowFormEvent,
  type FlowFormInput,
} from '../../../../../machines/flowForm.machine';
import { flowErrorMachine } from '../../../../../machines/flowError.machine';
import { logoutMachine } from '../../../../../machines/logout.machine';
import { recoveryMachine } from '../../../../../machines/recovery.machine';
import { settingsMachine } from '../../../../../machines/settings.machine';
import { signupMachine } from '../../../../../machines/signup.machine';
import { verificationMachine } from '../../../../../machines/verification.machine';
import {
  SIGNUP_CLOSED,
  type FlowFailure,
  type FormValues,
  type IdentityFlow,
  type InputNode,
} from '../../../../identity/flow';
import { identityErrorText, identityText } from '../../../../identity/messages';
import type { RedirectPolicy } from '../../../../identity/redirects';
import { AuthLayout } from '../AuthLayout';
import { clearSessionStorage, LogoutStatus } from '../LogoutStatus';
import { PasswordStrengthMeter } from '../PasswordStrengthMeter';
import { useSignupClosed } from '../useSignupClosed';
import { FlowForm, type FlowFormProps } from './FlowForm';
import { codePrompt, defaultSecurityKeyName, recoverButton } from './flowView';
import { flowActions, useFlowImplementations, type IdentityActors } from './useFlowImplementations';
import { inspect as qaInspect, type Inspect } from '../../../../qa/inspect';

export interface IdentityScreenProps {
  title: string;
  /** Tests and stories pass fake actors; the identity SDK is used otherwise. */
  actors?: IdentityActors;
  /** Where the screen's actor reports its steps (the QA panel by default; a story's chart). */
  inspect?: Inspect;
}

/** The flow's own messages: errors as an alert, others as a status. */
export function FlowMessages({ messages }: { messages: readonly UiText[] | undefined }) {
  const list = messages ?? [];
  const errors = list.filter((m) => m.type === 'error');
  const others = list.filter((m) => m.type !== 'error');
  return (
    <>
      <div role="alert" className={errors.length ? 'auth__alert auth__alert--error' : undefined}>
        {errors.map((m, i) => (
          <p key={i}>{identityText(m)}</p>
        ))}
      </div>
      <div role="status" className={others.length ? 'auth__alert auth__alert--info' : undefined}>
        {others.map((m, i) => (
          <p key={i}>{identityText(m)}</p>
        ))}
      </div>
    </>
  );
}

/** The parts every flow screen shares: loading, failure with retry, redirecting, and the form itself. */
function FlowBody({
  snapshot,
  send,
  policy,
  form,
  view,
  children,
}: {
  snapshot: { context: FlowFormContext; hasTag: (tag: string) => boolean };
  send: (e: FlowFormEvent) => void;
  policy: RedirectPolicy;
  form?: Partial<FlowFormProps>;
  /** What the screen changes in the flow before the form shows it (see flowView.ts). */
  view?: (flow: IdentityFlow) => IdentityFlow;
  children?: ReactNode;
}) {
  const { flow } = snapshot.context;
  const failed = snapshot.hasTag('failed');
  // One shown flow per flow: the form reinitialises when its flow changes.
  const shown = useMemo(() => (flow && view ? view(flow) : flow), [flow, view]);
  if (snapshot.hasTag('loading') || (!flow && !failed)) return <p role="status">Loading…</p>;
  if (failed)
    return (
      <div className="auth__failed">
        <p role="alert">
          {(snapshot.context.failure as { message?: string } | null)?.message ?? 'Something went wrong.'}
        </p>
        <button type="button" className="button button--primary" onClick={() => send({ type: 'user.retry' })}>
          Try again
        </button>
      </div>
    );
  if (snapshot.hasTag('redirecting')) return <p role="status">Redirecting…</p>;
  return (
    <>
      {children}
      <FlowMessages messages={flow?.ui.messages} />
      <FlowForm
        flow={shown as IdentityFlow}
        policy={policy}
        busy={snapshot.hasTag('busy')}
        resendIn={snapshot.context.resendIn}
        onSubmit={(values: FormValues) => send({ type: 'user.submit', values })}
        {...form}
      />
    </>
  );
}

const param = (params: URLSearchParams, name: string) => params.get(name) || undefined;
/** Spec §7: a `token` query parameter authorises the flow's load as a bearer token. */
const token = (params: URLSearchParams) => (params.get('token') ? { token: params.get('token') ?? '' } : {});

/** A flow machine of the flow form's setup: login, sign-up, recovery, verification, settings. */
type FlowMachine = AnyStateMachine & {
  provide(implementations: ReturnType<typeof useFlowImplementations>['flow']): AnyStateMachine;
};

/**
 * What every flow screen starts with: its machine given the identity SDK's actors (or a test's), started with the
 * flow, return address and token of the page's address plus what the screen adds (`more`).
 */
function useFlowScreen<M extends FlowMachine>(
  logic: M,
  kind: FlowFormInput['kind'],
  { actors, inspect = qaInspect }: Pick<IdentityScreenProps, 'actors' | 'inspect'>,
  more: Partial<FlowFormInput> = {},
) {
  const [params] = useSearchParams();
  const impl = useFlowImplementations(actors);
  // provide keeps the machine's own type: only the implementations change.
  const machine = useMemo(() => logic.provide(impl.flow) as M, [logic, impl]);
  const input: FlowFormInput = {
    kind,
    flowId: param(params, 'flow'),
    returnTo: param(params, 'return_to'),
    ...token(params),
    ...more,
  };
  const [snapshot, send] = useMachine(machine, { inspect, input: input as InputFrom<M> });
  return { impl, snapshot, send };
}

export function LoginFlowScreen({ title, ...props }: IdentityScreenProps) {
  const { impl, snapshot, send } = useFlowScreen(flowFormMachine, 'login', props);
  const signupClosed = useSignupClosed();
  return (
    <AuthLayout title={title}>
      <FlowBody snapshot={snapshot} send={send} policy={impl.effects.policy} form={{ idPrefix: 'login' }} />
      <nav className="auth__links" aria-label="Account">
        <Link to="/recovery/">Forgot your password?</Link>
        {signupClosed ? null : <Link to="/signup/">Sign up</Link>}
      </nav>
    </AuthLayout>
  );
}

export function SignupScreen({ title, ...props }: IdentityScreenProps) {
  const { impl, snapshot, send } = useFlowScreen(signupMachine, 'registration', props);
  const busy = snapshot.hasTag('busy');
  const localFields = useMemo<FlowFormProps['localFields']>(
    () => ({
      initial: { acceptTerms: false },
      validate: (v) => (v.acceptTerms === true ? {} : { acceptTerms: 'Please accept the terms of use.' }),
      render: (v, errors, setValue) => (
        <div className="auth__field auth__field--checkbox">
          <input
            id="signup-accept-terms"
            type="checkbox"
            name="acceptTerms"
            disabled={busy}
            aria-describedby="signup-accept-terms-error"
            checked={v.acceptTerms === true}
            onChange={(e) => setValue('acceptTerms', e.target.checked)}
          />
          <label htmlFor="signup-accept-terms">
            I accept the{' '}
            <a href="/terms/" target="_blank" rel="noopener noreferrer">
              terms of use
            </a>
          </label>
          <p id="signup-accept-terms-error" className="auth__field-error" aria-live="polite">
            {errors.acceptTerms as string | undefined}
          </p>
        </div>
      ),
    }),
    [busy],
  );
  const afterInput = (node: InputNode, values: FormValues) =>
    node.attributes.name === 'password' ? (
      <PasswordStrengthMeter id="signup-strength" password={String(values.password ?? '')} />
    ) : null;

  // Sign-up is closed (the identity service refused the flow): say so, with no form and no retry.
  const failure = snapshot.context.failure as FlowFailure | null;
  if (
    snapshot.hasTag('failed') &&
    failure?.type === 'failed' &&
    failure.id === 'self_service_flow_disabled'
  ) {
    return (
      <AuthLayout title="Sign-up is closed">
        <p role="status" className="auth__alert auth__alert--info">
          {SIGNUP_CLOSED} If you need an account, ask your administrator.
        </p>
        <nav className="auth__links" aria-label="Account">
          <Link to="/login/">Log in</Link>
        </nav>
      </AuthLayout>
    );
  }
  if (snapshot.matches('accountCreated')) {
    const email = snapshot.context.email;
    // The verification flow the identity service started (and mailed a code for) when the account was created.
    const verificationFlow = snapshot.context.completion?.continue_with?.find(
      (c) => c.action === 'show_verification_ui',
    )?.flow?.id;
    return (
      <AuthLayout title="Account created">
        <p role="status" className="auth__alert auth__alert--success">
          Your account was created. Click the link in the e-mail we sent to <strong>{email}</strong> to
          activate it.
        </p>
        {verificationFlow ? (
          <div className="auth__actions">
            <Link
              className="button button--primary"
              to={`/verification/?flow=${encodeURIComponent(verificationFlow)}&email=${encodeURIComponent(email)}&skip_send=true`}
            >
              Enter the code from the e-mail
            </Link>
          </div>
        ) : null}
        <nav className="auth__links" aria-label="Account">
          <Link to={`/verification/?email=${encodeURIComponent(email)}`}>Send the link again</Link>
          <Link to="/login/">Log in</Link>
        </nav>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={title}>
      <FlowBody
        snapshot={snapshot}
        send={send}
        policy={impl.effects.policy}
        form={{ idPrefix: 'signup', localFields, afterInput }}
      />
      <nav className="auth__links" aria-label="Account">
        <Link to="/login/">Log in</Link>
      </nav>
    </AuthLayout>
  );
}

export function RecoveryScreen({ title, ...props }: IdentityScreenProps) {
  const { impl, snapshot, send } = useFlowScreen(recoveryMachine, 'recovery', props);
  const signupClosed = useSignupClosed();
  if (snapshot.matches('codeSent')) {
    return (
      <AuthLayout title={title}>
        <FlowMessages messages={snapshot.context.flow?.ui.messages} />
        <p className="auth__hint">Check your e-mail for the recovery code, then continue to enter it.</p>
        <div className="auth__actions">
          <button
            type="button"
            className="button button--primary"
            autoFocus
            onClick={() => send({ type: 'user.continue' })}
          >
            Continue
          </button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={title}>
      <FlowBody
        snapshot={snapshot}
        send={send}
        policy={impl.effects.policy}
        form={{ idPrefix: 'recovery' }}
        view={recoverButton}
      />
      <nav className="auth__links" aria-label="Account">
        <Link to="/login/">Log in</Link>
        {signupClosed ? null : <Link to="/signup/">Sign up</Link>}
      </nav>
    </AuthLayout>
  );
}

export function VerificationScreen({ title, ...props }: IdentityScreenProps) {
  const [params] = useSearchParams();
  const skip = params.get('skip_send');
  const skipSend = skip !== null && skip !== 'false';
  const { impl, snapshot, send } = useFlowScreen(verificationMachine, 'verification', props, {
    prefill: { email: param(params, 'email'), code: param(params, 'code') },
    skipSend,
  });
  return (
    <AuthLayout title={title}>
      {snapshot.matches('passed') ? (
        <p role="status">Your account is verified.</p>
      ) : (
        <FlowBody
          snapshot={snapshot}
          send={send}
          policy={impl.effects.policy}
          form={{ idPrefix: 'verification' }}
          view={skipSend ? codePrompt : undefined}
        />
      )}
    </AuthLayout>
  );
}

export function SettingsScreen({ title, ...props }: IdentityScreenProps) {
  const [params] = useSearchParams();
  const groupsParam = params.get('groups') ?? '';
  const groups = useMemo(
    () =>
      groupsParam
        .split(',')
        .map((g) => g.trim())
        .filter(Boolean),
    [groupsParam],
  );
  const { impl, snapshot, send } = useFlowScreen(settingsMachine, 'settings', props, { groups });
  const offer = snapshot.context.offerRecoveryCodes;
  const shownGroups = useMemo(
    () => (offer && groups.length ? [...groups, 'lookup_secret'] : groups),
    [offer, groups],
  );
  return (
    <AuthLayout title={title}>
      <FlowBody
        snapshot={snapshot}
        send={send}
        policy={impl.effects.policy}
        form={{ idPrefix: 'settings', sections: true, groups: shownGroups }}
        view={defaultSecurityKeyName}
      >
        {offer ? (
          <div className="auth__alert auth__alert--info" role="status">
            <p>
              Two-factor authentication is on. Generate backup recovery codes now, so you can still log in if
              you lose your device.
            </p>
            <button type="button" className="button" onClick={() => send({ type: 'user.continue' })}>
              {groups.length ? 'Done' : 'Not now'}
            </button>
          </div>
        ) : null}
      </FlowBody>
    </AuthLayout>
  );
}

export function LogoutScreen({ title, actors, inspect = qaInspect }: IdentityScreenProps) {
  const [params] = useSearchParams();
  const impl = useFlowImplementations(actors);
  const machine = useMemo(
    () =>
      logoutMachine.provide({
        actors: { createLogout: impl.actors.createLogout },
        actions: {
          ...flowActions(impl.effects),
          clearSessionStorage,
        },
      }),
    [impl],
  );
  const [snapshot, send] = useMachine(machine, {
    inspect,
    input: { segue: params.get('segue'), email: params.get('email'), returnTo: param(params, 'return_to') },
  });
  return (
    <AuthLayout title={title}>
      <LogoutStatus failed={snapshot.matches('failed')} onRetry={() => send({ type: 'user.retry' })} />
    </AuthLayout>
  );
}

/**
 * /error/?id= (Kratos user-facing errors): where the identity service sends a browser whose flow failed. Shows the
 * stored error in the console's words, with the way back to logging in and to the console.
 */
export function FlowErrorScreen({ title, actors, inspect = qaInspect }: IdentityScreenProps) {
  const [params] = useSearchParams();
  const impl = useFlowImplementations(actors);
  const machine = useMemo(
    () => flowErrorMachine.provide({ actors: { loadFlowError: impl.actors.loadFlowError } }),
    [impl],
  );
  const [snapshot, send] = useMachine(machine, { input: { id: params.get('id') }, inspect });
  const error = snapshot.context.container?.error;
  return (
    <AuthLayout title={title}>
      {snapshot.matches('loading') || snapshot.matches('start') ? (
        <p role="status">Loading…</p>
      ) : snapshot.matches('failed') ? (
        <div className="auth__failed">
          <p role="alert">The identity service could not be reached, so the error cannot be shown.</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => send({ type: 'user.retry' })}
          >
            Try again
          </button>
        </div>
      ) : snapshot.matches('missing') ? (
        <div className="auth__alert auth__alert--error" role="alert">
          <p>This error is not known (it may have expired, or the link is incomplete). Please start again.</p>
        </div>
      ) : (
        <div className="auth__alert auth__alert--error" role="alert">
          <p>{identityErrorText(error)}</p>
          {error?.code ? (
            <p className="auth__error-code">
              Error {error.code}
              {error.id ? ` (${error.id})` : ''}
            </p>
          ) : null}
        </div>
      )}
      <nav className="auth__links" aria-label="Account">
        <Link to="/login/">Back to log in</Link>
        <Link to="/">Go to the console</Link>
      </nav>
    </AuthLayout>
  );
}

export type IdentityAction =
  'login' | 'signup' | 'recovery' | 'verification' | 'settings' | 'logout' | 'error';
export const identityScreens: Record<IdentityAction, (props: IdentityScreenProps) => ReactNode> = {
  login: LoginFlowScreen,
  signup: SignupScreen,
  recovery: RecoveryScreen,
  verification: VerificationScreen,
  settings: SettingsScreen,
  logout: LogoutScreen,
  error: FlowErrorScreen,
};
