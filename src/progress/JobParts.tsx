/**
 * What the progress overlay and a job window both show of a job: its bar, the reason it failed and its steps, each
 * with its state and percentage. One markup, so the two never disagree on what a step looks like.
 */
import type { HTMLAttributes } from 'react';
import type { ProgressDetail } from '../store/slices/progress.slice';

export function JobBar({ label, percent, failed }: { label: string; percent: number; failed: boolean }) {
  return (
    <div
      className="progress-overlay__bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div
        className={`progress-overlay__fill${failed ? ' progress-overlay__fill--failed' : ''}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** A failed job's reason, said at once. */
export function JobReason({ failed, reason }: { failed: boolean; reason?: string | null }) {
  if (!failed || !reason) return null;
  return (
    <p className="progress-overlay__reason" role="alert">
      {reason}
    </p>
  );
}

/** The steps, numbered in a window (`ol`), a disclosure's list in the overlay (`ul`). */
export function JobSteps({
  details,
  ordered = false,
  ...list
}: { details: readonly ProgressDetail[]; ordered?: boolean } & HTMLAttributes<HTMLElement>) {
  const items = details.map((d, i) => (
    <li key={`${d.name}-${i}`} className={`progress-overlay__detail progress-overlay__detail--${d.status}`}>
      <span className="progress-overlay__detail-name">{d.name}</span>
      <span className="progress-overlay__detail-status">
        {d.status} · {Math.round(d.progressPercentage)}%
      </span>
    </li>
  ));
  const className = 'progress-overlay__details';
  return ordered ? (
    <ol className={className} {...list}>
      {items}
    </ol>
  ) : (
    <ul className={className} {...list}>
      {items}
    </ul>
  );
}
