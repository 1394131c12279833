/**
 * "What will be applied": for each file applying would write, what changes against the running configuration (a
 * line diff with a few lines of context, as `diff -u` shows it) and the whole file, read-only, as the appliance
 * renders it from the saved settings (loaded as their own resource and reloaded after every change). A new file
 * shows whole; an unchanged one too, folded away while another file changes.
 */
import type { Static } from '@sinclair/typebox';
import { useId, useMemo } from 'react';
import type { ConfigPreview as ConfigPreviewAnswer } from '../../../../shared/contracts/apply';
import { Loader } from '../../../../widgets/Loader';
import { useResource } from '../../../../store/useResource';
import { diffHunks, diffLines, diffStats, type DiffHunk } from '../../../../lib/lineDiff';

type Preview = Static<typeof ConfigPreviewAnswer>;
type AnswerFile = Preview['files'][number];

/** A file of the preview (`apply.ConfigPreview`); `running` may be absent, as older appliances answer it. */
export type PreviewFile = Omit<AnswerFile, 'running'> & Partial<Pick<AnswerFile, 'running'>>;

/** A service's preview (`apply.ConfigPreview`), as older appliances answer it too (no `running`, no `applied_by`). */
export type PreviewData = Omit<Preview, 'files' | 'applied_by'> & {
  files: PreviewFile[];
  applied_by?: Preview['applied_by'];
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function ConfigPreview({ resourceKey }: { resourceKey: string }) {
  const { data, status } = useResource<PreviewData>(resourceKey);
  const headingId = useId();
  return (
    <section className="config-section" aria-labelledby={headingId}>
      <div className="config-section__head">
        <h2 id={headingId}>What will be applied</h2>
        {data ? (
          <span className={`config-status config-status--${data.pending_changes ? 'pending' : 'applied'}`}>
            {data.pending_changes
              ? 'Differs from the running configuration'
              : 'Same as the running configuration'}
          </span>
        ) : null}
      </div>
      {!data && status !== 'failed' ? <Loader label="Loading the generated configuration" /> : null}
      {status === 'failed' && !data ? (
        <p className="config-section__description">The generated configuration could not be loaded.</p>
      ) : null}
      {data?.files.map((f) => (
        <PreviewFigure
          key={f.path}
          file={f}
          collapse={data.files.some((x) => typeof x.running === 'string' && x.running !== x.content)}
        />
      ))}
    </section>
  );
}

/** `collapse`: another file changes, so an unchanged one folds away (one click shows it). */
function PreviewFigure({ file, collapse }: { file: PreviewFile; collapse: boolean }) {
  const { path, content, running } = file;
  const diff = useMemo(() => {
    if (typeof running !== 'string' || running === content) return null;
    const lines = diffLines(running, content);
    return { hunks: diffHunks(lines), stats: diffStats(lines) };
  }, [running, content]);
  const state =
    running === undefined
      ? null
      : running === null
        ? 'New file'
        : diff
          ? `${plural(diff.stats.added, 'line')} added, ${diff.stats.removed} removed`
          : 'No change';
  // A focusable, labelled region so keyboard users can scroll a long file.
  const whole = (
    <pre className="config-preview__file" tabIndex={0} role="region" aria-label={`Contents of ${path}`}>
      {content}
    </pre>
  );
  return (
    <figure className="config-preview">
      <figcaption>
        <code>{path}</code>
        {state ? (
          <span className={`config-preview__state${diff ? ' config-preview__state--changed' : ''}`}>
            {state}
          </span>
        ) : null}
      </figcaption>
      {diff ? (
        <>
          <DiffView path={path} hunks={diff.hunks} />
          <details className="config-preview__whole">
            <summary>Whole new file</summary>
            {whole}
          </details>
        </>
      ) : collapse && state === 'No change' ? (
        <details className="config-preview__whole">
          <summary>Show the file</summary>
          {whole}
        </details>
      ) : (
        whole
      )}
    </figure>
  );
}

const SIGN = { same: ' ', added: '+', removed: '−' } as const;
const SPOKEN = { same: '', added: 'Added: ', removed: 'Removed: ' } as const;

/**
 * The changed parts, each line marked for sight (sign and colour) and for screen readers (a word). `sides` names the
 * two versions in each hunk's header (the History page compares "before" and "after").
 */
export function DiffView({
  path,
  hunks,
  sides = { before: 'running', after: 'new' },
}: {
  path: string;
  hunks: DiffHunk[];
  sides?: { before: string; after: string };
}) {
  return (
    <pre className="config-diff" tabIndex={0} role="region" aria-label={`Changes to ${path}`}>
      {hunks.map((h) => (
        <span key={`${h.oldStart}-${h.newStart}`} className="config-diff__hunk">
          <span className="config-diff__header">
            Line {h.oldStart} ({sides.before}) → line {h.newStart} ({sides.after})
          </span>
          {h.lines.map((l, i) => (
            <span key={i} className={`config-diff__line config-diff__line--${l.type}`}>
              <span className="config-diff__sign" aria-hidden="true">
                {SIGN[l.type]}
              </span>
              {SPOKEN[l.type] ? <span className="visually-hidden">{SPOKEN[l.type]}</span> : null}
              {l.text}
              {'\n'}
            </span>
          ))}
        </span>
      ))}
    </pre>
  );
}
