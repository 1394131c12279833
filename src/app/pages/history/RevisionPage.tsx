/**
 * /system/history/{id}: one revision — when, who and how, from where, why, through which call — and what it changed,
 * one line per entity ("Upstream 9.9.9.9@853 added", "DNS proxy: cache size 4 → 16 MiB"), each with its before and
 * after on demand (secrets shown as "secret", never a value), and what reverting it would change now.
 */
import {
  REVISION_METHOD_LABELS,
  type ConfigPlan,
  type RevisionChange,
  type RevisionDetail,
} from '../../../shared/contracts/revisions';
import { useResource } from '../../../store/useResource';
import { formatDateTime } from '../../../lib/format/time';
import { DetailSection, EntityDetailView, entityDetailPage } from '../common/entity/EntityDetailPage';
import type { EntityDetailSource } from '../common/entity/useEntityDetail';
import { areaName, REVISIONS_KEY } from './HistoryPage';

export const REVISION_DETAIL: EntityDetailSource<RevisionDetail> = {
  key: (id) => `${REVISIONS_KEY}/${id}`,
  noun: 'Revision',
  title: (r) => `Revision ${r.id}`,
  documentTitle: (r) => `Revision ${r.id} · History`,
  back: { to: '/system/history', label: 'History' },
};

/** An entity version as readable text: secrets as "(secret)". */
const shown = (value: RevisionChange['before']) =>
  value === null
    ? '—'
    : JSON.stringify(
        value,
        (_k, v: unknown) =>
          v && typeof v === 'object' && '$secret' in (v as Record<string, unknown>) ? '(secret)' : v,
        2,
      );

function Change({ change }: { change: RevisionChange }) {
  return (
    <li className={`revision__change revision__change--${change.op}`}>
      <span className="revision__line">{change.line}</span>
      <details className="revision__values">
        <summary>Before and after</summary>
        <div className="revision__sides">
          <div>
            <h3>Before</h3>
            <pre>{shown(change.before)}</pre>
          </div>
          <div>
            <h3>After</h3>
            <pre>{shown(change.after)}</pre>
          </div>
        </div>
      </details>
    </li>
  );
}

/** What reverting the revision would change now, before anything applies it (reverting itself comes next). */
function RevertPlan({ id }: { id: number }) {
  const plan = useResource<ConfigPlan>(`${REVISIONS_KEY}/${id}/revert-plan`);
  const changes = plan.data?.changes;
  return (
    <DetailSection title="Reverting it would">
      {plan.status === 'failed' ? (
        <p role="alert">The revert plan could not be loaded.</p>
      ) : !changes ? (
        <p aria-busy="true">Planning…</p>
      ) : changes.length === 0 ? (
        <p>Change nothing: the configuration is already as it was before this revision.</p>
      ) : (
        <ul className="revision__changes">
          {changes.map((c) => (
            <li key={`${c.section}/${c.id}`} className={`revision__change revision__change--${c.op}`}>
              <span className="revision__line">{c.line}</span>
              {c.changed_since || c.lockout_prone ? (
                <span className="revision__notes">
                  {[
                    c.changed_since ? 'changed again since: reverting undoes that too' : null,
                    c.lockout_prone ? 'can lock an admin out: needs “Keep changes”' : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

function Revision({ entity: r }: { entity: RevisionDetail }) {
  return (
    <EntityDetailView
      header={{ actionDescription: `${areaName(r.area)} · ${formatDateTime(r.at, { seconds: true })}` }}
    >
      <section className="config-section" aria-label="Who and why">
        <dl className="revision__facts">
          <dt>When</dt>
          <dd>{formatDateTime(r.at, { seconds: true })}</dd>
          <dt>Who</dt>
          <dd>
            {r.actor} ({REVISION_METHOD_LABELS[r.method]})
          </dd>
          <dt>From</dt>
          <dd>{r.source ?? '—'}</dd>
          <dt>Reason</dt>
          <dd>{r.reason ?? 'None given'}</dd>
          <dt>Call</dt>
          <dd>
            <code>{r.route ?? '—'}</code>
          </dd>
        </dl>
      </section>
      <DetailSection title={`What changed (${r.changes.length})`}>
        <ul className="revision__changes">
          {r.changes.map((c) => (
            <Change key={`${c.section}/${c.id}`} change={c} />
          ))}
        </ul>
      </DetailSection>
      <RevertPlan id={r.id} />
    </EntityDetailView>
  );
}

export const RevisionPage = entityDetailPage(REVISION_DETAIL, Revision, {
  writableBy: 'admins',
  readOnlyNotice: null,
});
