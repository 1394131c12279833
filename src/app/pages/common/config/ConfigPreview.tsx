/**
 * "What will be applied": the files applying would write, read-only, as the appliance renders them from the saved
 * settings (loaded as their own resource and reloaded after every change).
 */
import { useId } from 'react';
import { Loader } from '../../../../widgets/Loader';
import { useResource } from '../../../../store/useResource';

export interface PreviewData {
  files: Array<{ path: string; content: string }>;
  pending_changes: boolean;
  applied_at: number | null;
}

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
        <figure key={f.path} className="config-preview">
          <figcaption>
            <code>{f.path}</code>
          </figcaption>
          {/* A focusable, labelled region so keyboard users can scroll a long file. */}
          <pre
            className="config-preview__file"
            tabIndex={0}
            role="region"
            aria-label={`Contents of ${f.path}`}
          >
            {f.content}
          </pre>
        </figure>
      ))}
    </section>
  );
}
