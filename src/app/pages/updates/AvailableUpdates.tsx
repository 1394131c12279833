/** The updates the appliance can apply, newest first, each with its changelog and an Apply button. */
import { formatSize } from '../../../lib/format';
import type { AvailableUpdate } from '../../../store/slices/updates.slice';
import { Changelog } from './Changelog';

export interface AvailableUpdatesProps {
  updates: readonly AvailableUpdate[];
  onApply: (version: string) => void;
  disabled?: boolean;
}

export function AvailableUpdates({ updates, onApply, disabled }: AvailableUpdatesProps) {
  if (updates.length === 0)
    return (
      <p className="updates__empty" role="status">
        No updates are available. Check the repository or upload a package.
      </p>
    );
  return (
    <ul className="updates__available">
      {updates.map((u) => (
        <li key={u.version} className="updates__package" aria-labelledby={`update-${u.version}`}>
          <div className="updates__package-head">
            <h3 id={`update-${u.version}`}>Version {u.version}</h3>
            {u.security ? <span className="badge updates__security">Security</span> : null}
            <span className="updates__meta">
              {u.channel} · {formatSize(u.size)}
              {u.released_at ? ` · released ${u.released_at}` : ''} ·{' '}
              {u.source === 'upload' ? 'uploaded' : 'from the repository'}
            </span>
            <button
              type="button"
              className="button button--primary"
              onClick={() => onApply(u.version)}
              disabled={disabled}
            >
              Apply {u.version}
            </button>
          </div>
          <Changelog markdown={u.changelog} />
        </li>
      ))}
    </ul>
  );
}
