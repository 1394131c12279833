/** What both logout screens (local and identity) share: the status frame and the session-storage effect. */
import { storageOf } from '../../../lib/storage';

/** Clears this tab's session storage (spec §4 "logout clears session storage"). */
export function clearSessionStorage() {
  try {
    storageOf('session')?.clear();
  } catch {
    // Storage may be unavailable (privacy mode); nothing to clear then.
  }
}

/** The "Logging out…" frame, or the failure with its retry. */
export function LogoutStatus({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return failed ? (
    <div className="auth__failed">
      <p role="alert">Logging out failed.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  ) : (
    <p role="status">Logging out…</p>
  );
}
