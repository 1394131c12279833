/**
 * /system/history/{id}: one revision — when, who and how, from where, why, through which call — and what it changed,
 * one line per entity ("Upstream 9.9.9.9@853 added", "DNS proxy: cache size 4 → 16 MiB"), each with its before and
 * after on demand (secrets shown as "secret", never a value), the generated files it rendered differently (a line diff
 * per file, folded, with its counts), and what reverting it would change now.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  changeReasonHeaders,
  getRestorePlan,
  getRevertPlan,
  getRevision,
  getRevisionFiles,
  REVISION_METHOD_LABELS,
  restoreRevision,
  revertRevision,
  type PlanChange,
  type RevisionChange,
  type RevisionDetail,
  type RevisionFile,
} from '../../../shared/contracts/revisions';
import { useAppSelector } from '../../../store/createStore';
import { useEndpoint, useResourceSave } from '../../../store/useResource';
import { diffHunks, diffLines, diffStats } from '../../../lib/lineDiff';
import { DiffView } from '../common/config/ConfigPreview';
import { Modal } from '../../../widgets/Modal';
import { ReasonField } from '../common/config/ReasonField';
import { formatDateTime } from '../../../lib/format/time';
import { DetailSection, EntityDetailView, entityDetailPage } from '../common/entity/EntityDetailPage';
import type { EntityDetailSource } from '../common/entity/useEntityDetail';
import { areaName, REVISIONS_KEY } from './HistoryPage';
import { keyOf } from '../../../shared/contracts/endpoint';

const revisionKey = (id: string | number) => keyOf(getRevision, { id: String(id) });
const revertPlanKey = (id: number) => keyOf(getRevertPlan, { id: String(id) });

export const REVISION_DETAIL: EntityDetailSource<RevisionDetail> = {
  key: revisionKey,
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

/** One generated file: its path and +/- counts, the line diff folded under them. */
function FileDiff({ file }: { file: RevisionFile }) {
  const diff = useMemo(() => {
    if (file.too_large) return null;
    const lines = diffLines(file.before ?? '', file.after ?? '');
    return { hunks: diffHunks(lines), stats: diffStats(lines) };
  }, [file]);
  const state =
    file.before === null && !file.too_large
      ? 'new file'
      : file.after === null && !file.too_large
        ? 'removed'
        : null;
  return (
    <li className="revision__file">
      <details>
        <summary>
          <code>{file.path}</code>{' '}
          <span className="revision__counts">
            {diff ? (
              <>
                <span className="revision__added">+{diff.stats.added}</span>{' '}
                <span className="revision__removed">−{diff.stats.removed}</span>
                <span className="visually-hidden">
                  {` (${diff.stats.added} lines added, ${diff.stats.removed} removed)`}
                </span>
              </>
            ) : (
              'over 256 KB: changed, not kept'
            )}
            {state ? ` · ${state}` : null}
          </span>
        </summary>
        {diff ? (
          <DiffView path={file.path} hunks={diff.hunks} sides={{ before: 'before', after: 'after' }} />
        ) : (
          <p>The file is larger than 256 KB: the revision records that it changed, not its text.</p>
        )}
      </details>
    </li>
  );
}

/** The files the change rendered differently for the daemons (private keys never); nothing when none changed. */
function GeneratedFiles({ id }: { id: number }) {
  const { data, status } = useEndpoint(getRevisionFiles, { params: { id: String(id) } });
  if (status === 'failed')
    return (
      <DetailSection title="Generated files">
        <p role="alert">The generated files could not be loaded.</p>
      </DetailSection>
    );
  if (!data?.files.length) return null;
  return (
    <DetailSection title={`Generated files (${data.files.length})`}>
      <ul className="revision__files">
        {data.files.map((f) => (
          <FileDiff key={f.path} file={f} />
        ))}
      </ul>
    </DetailSection>
  );
}

/** The lines of a plan, each with what to know before applying it. */
function PlanLines({ changes }: { changes: PlanChange[] }) {
  return (
    <ul className="revision__changes">
      {changes.map((c) => (
        <li key={`${c.section}/${c.id}`} className={`revision__change revision__change--${c.op}`}>
          <span className="revision__line">{c.line}</span>
          {c.changed_since || c.lockout_prone || c.note ? (
            <span className="revision__notes">
              {(c.refused
                ? [`cannot be done here: ${c.note ?? 'change it on its page'}`]
                : [
                    c.note ?? null,
                    c.changed_since ? 'changed again since: reverting undoes that too' : null,
                    c.keep_changes
                      ? 'can lock an admin out: needs “Keep changes”'
                      : c.lockout_prone
                        ? 'can lock an admin out'
                        : null,
                  ]
              )
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** What reverting the revision would change now, before anything applies it. */
function RevertPlan({ id }: { id: number }) {
  const plan = useEndpoint(getRevertPlan, { params: { id: String(id) } });
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
        <PlanLines changes={changes} />
      )}
    </DetailSection>
  );
}

type Undo = 'revert' | 'restore';

const UNDO = {
  revert: {
    title: (id: number) => `Revert revision ${id}?`,
    plan: getRevertPlan,
    intro: 'Reverting puts back what this revision changed. It would:',
    nothing: 'Nothing to revert: the configuration is already as it was before this revision.',
    confirm: 'Revert',
    endpoint: revertRevision,
    done: (id: number) => `Revision ${id} reverted.`,
  },
  restore: {
    title: (id: number) => `Restore the configuration as of revision ${id}?`,
    plan: getRestorePlan,
    intro: 'Restoring undoes every change made after this revision. It would:',
    nothing: 'Nothing to restore: the configuration is as it was after this revision.',
    confirm: 'Restore',
    endpoint: restoreRevision,
    done: (id: number) => `Configuration restored as of revision ${id}.`,
  },
} as const;

/**
 * The plan of a revert or a restore, a Reason, and the confirmation: applied through safe apply (the progress overlay
 * follows the job; a lock-out-prone part then waits for "Keep changes" in the banner).
 */
function UndoDialog({ kind, id, onClose }: { kind: Undo; id: number; onClose: () => void }) {
  const text = UNDO[kind];
  const plan = useEndpoint(text.plan, { params: { id: String(id) } });
  const { save, status, pending } = useResourceSave();
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (status === 'done' || status === 'failed') onClose();
  }, [status, onClose]);
  const changes = plan.data?.changes;
  const prone = changes?.some((c) => c.keep_changes && !c.refused) ?? false;
  const refused = changes?.filter((c) => c.refused) ?? [];
  return (
    <Modal
      open
      title={text.title(id)}
      onClose={onClose}
      busy={pending}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={pending || !changes?.length || refused.length > 0}
            onClick={() =>
              save({
                endpoint: text.endpoint,
                params: { id: String(id) },
                key: REVISIONS_KEY,
                job: true,
                headers: changeReasonHeaders(reason),
                message: text.done(id),
                refresh: [revisionKey(id), revertPlanKey(id)],
              })
            }
          >
            {text.confirm}
          </button>
        </>
      }
    >
      {plan.status === 'failed' ? (
        <p role="alert">The plan could not be loaded.</p>
      ) : !changes ? (
        <p aria-busy="true">Planning…</p>
      ) : changes.length === 0 ? (
        <p>{text.nothing}</p>
      ) : (
        <>
          <p>{text.intro}</p>
          <PlanLines changes={changes} />
          {refused.length ? (
            <p role="alert">
              {`A ${kind} cannot make ${refused.length === 1 ? 'this change' : 'these changes'} (${refused
                .map((c) => c.title)
                .join(', ')}), so it is not available here: do what the note says on the page it names.`}
            </p>
          ) : null}
          {prone ? (
            <p className="revision__notes">
              Part of it can lock an admin out: once applied, keep it with “Keep changes” or everything it
              changed is rolled back.
            </p>
          ) : null}
          {refused.length ? null : (
            <div className="revision__reason">
              <ReasonField value={reason} onChange={setReason} disabled={pending} />
            </div>
          )}
        </>
      )}
    </Modal>
  );
}

function Revision({ entity: r }: { entity: RevisionDetail }) {
  // Reverting and restoring span areas: the admins'.
  const admin = useAppSelector((s) => s.session.user?.role === 'admin');
  const [undo, setUndo] = useState<Undo | null>(null);
  return (
    <EntityDetailView
      header={{
        actionDescription: `${areaName(r.area)} · ${formatDateTime(r.at, { seconds: true })}`,
        ...(admin
          ? {
              secondaryButton: {
                label: 'Restore configuration as of this revision',
                onClick: () => setUndo('restore'),
              },
              primaryButton: { label: 'Revert this change', onClick: () => setUndo('revert') },
            }
          : {}),
      }}
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
      <GeneratedFiles id={r.id} />
      <RevertPlan id={r.id} />
      {undo ? <UndoDialog kind={undo} id={r.id} onClose={() => setUndo(null)} /> : null}
    </EntityDetailView>
  );
}

export const RevisionPage = entityDetailPage(REVISION_DETAIL, Revision, {
  writableBy: 'admins',
  readOnlyNotice: null,
});
