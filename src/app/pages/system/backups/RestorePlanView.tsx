/** What a restore brings back: the archive's date and version, the counts now and after, the configuration changes. */
import type * as backups from '../../../../shared/contracts/backups';
import { formatDateTime } from '../../../../lib/format';

export function RestorePlanView({
  plan,
  canRestore,
  onRestore,
}: {
  plan: backups.RestorePlan;
  canRestore: boolean;
  onRestore: () => void;
}) {
  return (
    <div className="backups-page__plan" role="region" aria-label="Restore plan">
      <p>
        Archive of {formatDateTime(Date.parse(plan.manifest.created_at))} (Rampart{' '}
        {plan.manifest.appliance_version}).
      </p>
      <table className="backups-table" aria-label="What the restore brings back">
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Now</th>
            <th scope="col">After the restore</th>
          </tr>
        </thead>
        <tbody>
          {plan.counts.map((c) => (
            <tr key={c.what}>
              <td>{c.label}</td>
              <td>{c.now}</td>
              <td>{c.restored}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {plan.configuration.changes.length ? (
        <ul aria-label="Configuration changes">
          {plan.configuration.changes.map((c) => (
            <li key={`${c.section}/${c.id}`}>
              {c.line}
              {c.lockout_prone ? <strong> (can lock you out: to be kept)</strong> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>The configuration is the same.</p>
      )}
      <button type="button" className="button button--danger" disabled={!canRestore} onClick={onRestore}>
        Restore this backup
      </button>
    </div>
  );
}
