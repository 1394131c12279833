/**
 * The session's two modals, shown over every signed-in page (core layout):
 * - the timeout warning (WCAG 2.2.1): an alert dialog with a live countdown and "Stay signed in", which extends the
 *   session; screen readers hear the time left every 15 s and each of the last 10 seconds, not every tick.
 * - the re-authentication prompt: a sensitive change needs the password or one-time code again; after it the change
 *   is sent again with the same data (the API client's session gate), Cancel fails it as refused.
 * Both are driven by the session machine (sagas/sessionLifetime.saga.ts) through the store.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/createStore';
import {
  reauthCancelled,
  reauthSubmitted,
  sessionExtendRequested,
} from '../../store/slices/sessionLifetime.slice';
import { Modal } from '../../widgets/Modal';
import { TextInput } from '../../widgets/TextInput';
import './session.css';

/** `m:ss` of a number of seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** What a screen reader hears: the time left at 15-second steps and in the last 10 seconds. */
export function spokenCountdown(seconds: number): string | null {
  const s = Math.max(0, Math.ceil(seconds));
  if (s <= 10 || s % 15 === 0) return `${formatCountdown(s)} left`;
  return null;
}

/** Seconds until `endsAt`, ticking while mounted. */
function useSecondsLeft(endsAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

function TimeoutWarning() {
  const lifetime = useAppSelector((s) => s.sessionLifetime.lifetime);
  // Mounted only while open: each warning starts its countdown from the current time.
  return lifetime === 'warning' || lifetime === 'extending' ? <WarningDialog /> : null;
}

function WarningDialog() {
  const dispatch = useAppDispatch();
  const { lifetime, endsAt, absolute } = useAppSelector((s) => s.sessionLifetime);
  const seconds = useSecondsLeft(endsAt);
  const [spoken, setSpoken] = useState<string | null>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const text = spokenCountdown(seconds);
  if (text && text !== spoken) setSpoken(text);
  return (
    <Modal
      open
      title="Your session is about to end"
      role="alertdialog"
      closable={false}
      describedBy={messageId}
      initialFocus={stayRef}
      busy={lifetime === 'extending'}
      className="session-warning"
      footer={
        absolute ? undefined : (
          <button
            ref={stayRef}
            type="button"
            className="button button--primary"
            disabled={lifetime === 'extending'}
            onClick={() => dispatch(sessionExtendRequested())}
          >
            Stay signed in
          </button>
        )
      }
    >
      <p id={messageId}>
        {absolute
          ? 'Your session reaches its maximum length and ends in '
          : 'For your security, your session ends after a period of inactivity. It ends in '}
        <strong className="session-warning__countdown" aria-hidden="true">
          {formatCountdown(seconds)}
        </strong>
        {absolute ? '. Save your work; you will need to sign in again.' : '.'}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
    </Modal>
  );
}

function ReauthPrompt() {
  const reauth = useAppSelector((s) => s.sessionLifetime.reauth);
  // Mounted only while open: every prompt starts empty, a password is never kept after it was used.
  return reauth === 'requested' || reauth === 'verifying' ? <ReauthDialog /> : null;
}

function ReauthDialog() {
  const dispatch = useAppDispatch();
  const { reauth, reauthError } = useAppSelector((s) => s.sessionLifetime);
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch(reauthSubmitted(otp.trim() ? { otp } : { password }));
  };
  const busy = reauth === 'verifying';
  return (
    <Modal
      open
      title="Confirm it is you"
      role="dialog"
      closable={!busy}
      onClose={() => dispatch(reauthCancelled())}
      describedBy={errorId}
      busy={busy}
      className="session-reauth"
    >
      <form onSubmit={submit} noValidate>
        <p>
          This change needs a recent sign-in. Enter your password, or a one-time code of your authenticator.
        </p>
        <TextInput
          label="Password"
          name="reauth_password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          disabled={busy}
        />
        <TextInput
          label="One-time code"
          name="reauth_otp"
          autoComplete="one-time-code"
          value={otp}
          onChange={setOtp}
          disabled={busy}
        />
        <p id={errorId} className="session-reauth__error" role="alert">
          {reauthError}
        </p>
        <div className="session-reauth__actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => dispatch(reauthCancelled())}
          >
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            Confirm
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function SessionDialogs() {
  return (
    <>
      <TimeoutWarning />
      <ReauthPrompt />
    </>
  );
}
