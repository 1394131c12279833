/**
 * The signed-in console account's security keys (WebAuthn, passkeys) under "Password and two-factor": the keys with
 * when they were added and last used, Remove (asked once more in place), and "Add security key": a name, then the
 * browser's prompt. A sign-in older than the re-authentication limit is asked for the password first by the API
 * client's session gate (adding and removing are sensitive changes), keeping what was typed. What the browser or
 * the appliance refuses reads as the next step to take.
 */
import { useId, useState, type FormEvent } from 'react';
import { createSecurityKey, SecurityKeyPromptError } from '../../../identity/securityKeys';
import { formatDateTime } from '../../../lib/format';
import {
  addSecurityKey,
  removeSecurityKey,
  startSecurityKeyRegistration,
  type SecurityKeySummary,
} from '../../../shared/contracts/authentication';
import { DEFAULT_SECURITY_KEY_NAME, SECURITY_KEY_NAME_MAX } from '../../../shared/securityKeys';
import { useAppDispatch, useAppSelector } from '../../../store/createStore';
import { notificationRequested } from '../../../store/slices/notifications.slice';
import { resourceLoadRequested } from '../../../store/slices/resources.slice';
import { useServices } from '../../services';
import { refusalDetail } from './refusal';

/** The appliance's or the browser's refusal, worded for the user. */
function refusal(e: unknown, fallback: string): string {
  if (e instanceof SecurityKeyPromptError) return e.message;
  return refusalDetail(e) ?? fallback;
}

export function SecurityKeys({
  keys,
  reloadKey,
  otherFactor,
}: {
  keys: SecurityKeySummary[];
  reloadKey: string;
  /** The account also has an authenticator app. */
  otherFactor: boolean;
}) {
  const { api } = useServices();
  const at = { apiBase: useAppSelector((s) => s.config.apiBase) };
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SecurityKeySummary | null>(null);
  const id = useId();

  const toast = (message: string) =>
    dispatch(notificationRequested({ kind: 'toast', level: 'success', message }));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const options = await api.call(startSecurityKeyRegistration, { body: {} }, at);
      const credential = await createSecurityKey(options.data.publicKey);
      const saved = await api.call(
        addSecurityKey,
        {
          body: { ticket: options.data.ticket, name: name.trim(), credential },
        },
        at,
      );
      setAdding(false);
      setName('');
      toast(`Security key "${saved.data.name}" added: signing in now asks for it after the password.`);
      dispatch(resourceLoadRequested({ key: reloadKey }));
    } catch (err) {
      setError(refusal(err, 'The security key could not be added. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (key: SecurityKeySummary) => {
    setBusy(true);
    setError(null);
    try {
      await api.call(removeSecurityKey, { params: { id: String(key.id) } }, at);
      setRemoving(null);
      toast(`Security key "${key.name}" removed.`);
      dispatch(resourceLoadRequested({ key: reloadKey }));
    } catch (err) {
      setError(refusal(err, 'The security key could not be removed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile__keys" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="profile__subheading">
        Security keys
      </h3>
      {keys.length ? (
        <table className="profile__key-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Added</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id}>
                <th scope="row">{k.name}</th>
                <td>{formatDateTime(k.created_at)}</td>
                <td>{k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'}</td>
                <td className="profile__key-actions">
                  {removing?.id === k.id ? (
                    <span role="group" aria-label={`Remove ${k.name}?`}>
                      <button
                        type="button"
                        className="button button--danger"
                        onClick={() => void remove(k)}
                        disabled={busy}
                      >
                        Remove {k.name}
                      </button>{' '}
                      <button
                        type="button"
                        className="button"
                        onClick={() => setRemoving(null)}
                        disabled={busy}
                      >
                        Keep
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        setError(null);
                        setRemoving(k);
                      }}
                      disabled={busy}
                      aria-label={`Remove security key ${k.name}`}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="profile__note">
          No security key yet. A security key (or a passkey kept by this device) is asked for after the
          password.
        </p>
      )}
      {removing && keys.length === 1 && (
        <p className="profile__note" role="status">
          This is your last security key: once it is removed, signing in asks for{' '}
          {otherFactor ? 'the password and a one-time code.' : 'the password only.'}
        </p>
      )}
      {adding ? (
        <form className="profile__two-factor" onSubmit={(e) => void add(e)} aria-label="Add security key">
          <label htmlFor={`${id}-name`}>Name of the key</label>
          <input
            id={`${id}-name`}
            className="profile__input"
            value={name}
            maxLength={SECURITY_KEY_NAME_MAX}
            placeholder={DEFAULT_SECURITY_KEY_NAME}
            onChange={(e) => setName(e.target.value)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            disabled={busy}
          />
          <span id={`${id}-hint`} className="profile__note">
            Continue, then touch your key or confirm on this device when the browser asks.
          </span>
          <div className="profile__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Waiting for your security key…' : 'Continue'}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setAdding(false);
                setError(null);
              }}
              disabled={busy}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="profile__two-factor">
          <button
            type="button"
            className="button"
            onClick={() => {
              setAdding(true);
              setError(null);
            }}
            disabled={busy}
          >
            Add security key
          </button>
        </div>
      )}
      {error && (
        <p role="alert" id={`${id}-error`} className="profile__error">
          {error}
        </p>
      )}
    </section>
  );
}
