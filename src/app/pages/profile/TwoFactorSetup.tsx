/**
 * Two-factor enrolment of the signed-in console account (an authenticator app): "Set up two-factor" asks the
 * appliance for a new secret (QR code, and the secret as text for apps that cannot scan), the code the app then
 * shows confirms it, and from then on the local login asks for a code after the password. A sign-in older than the
 * re-authentication limit is asked for the password first (the API client's session gate), keeping what was typed.
 */
import { useId, useState, type FormEvent } from 'react';
import { refusalDetail } from './refusal';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import { notificationRequested } from '../../../store/slices/notifications.slice';
import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import { useServices } from '../../services';
import { confirmTotp, newTotp, type TotpEnrolment } from '../../../shared/contracts/authentication';

type NewSecret = TotpEnrolment;

/** The field error of a refused code, or a general message. */
function refusal(e: unknown): string {
  return refusalDetail(e) ?? 'Two-factor could not be set up. Please try again.';
}

/** Groups of four, as apps show a secret typed by hand. */
const spaced = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function TwoFactorSetup({
  reloadKey,
  label = 'Set up two-factor',
}: {
  reloadKey: string;
  /** The start button's words ("Set up an authenticator app" once security keys already turned two-factor on). */
  label?: string;
}) {
  const { api } = useServices();
  const apiBase = useAppSelector((s) => s.config.apiBase);
  const dispatch = useAppDispatch();
  const [fresh, setFresh] = useState<NewSecret | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await api.call(newTotp, {}, { apiBase });
      setFresh(res.data);
      setCode('');
    } catch (e) {
      setError(refusal(e));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!fresh) return;
    if (!code.trim()) {
      setError('Type the code your authenticator app shows.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(confirmTotp, { body: { secret: fresh.secret, code: code.trim() } }, { apiBase });
      setFresh(null);
      dispatch(
        notificationRequested({
          kind: 'toast',
          level: 'success',
          message: 'Two-factor is on: signing in now asks for a code from your app after the password.',
        }),
      );
      dispatch(resourceLoadRequested({ key: reloadKey }));
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  };

  if (!fresh)
    return (
      <div className="profile__two-factor">
        <button type="button" className="button" onClick={() => void start()} disabled={busy}>
          {label}
        </button>
        {error && (
          <p role="alert" className="profile__error">
            {error}
          </p>
        )}
      </div>
    );

  return (
    <form className="profile__two-factor" onSubmit={(e) => void confirm(e)} aria-label="Set up two-factor">
      <ol className="profile__steps">
        <li>
          Scan this code with an authenticator app (or type the key below into it).
          <img src={fresh.qr} alt="QR code of the authenticator app key" width={200} height={200} />
          <span className="profile__key">
            Key: <code aria-label="Key to type into the app">{spaced(fresh.secret)}</code>
          </span>
        </li>
        <li>
          <label htmlFor={`${id}-code`}>Code the app shows now</label>
          <input
            id={`${id}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            disabled={busy}
          />
        </li>
      </ol>
      {error && (
        <p role="alert" id={`${id}-error`} className="profile__error">
          {error}
        </p>
      )}
      <div className="profile__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Turn on two-factor
        </button>
        <button type="button" className="button" onClick={() => setFresh(null)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
