/**
 * The progress overlay (spec §2): "Applying configuration" or "Applying update", the percentage, step x of y and
 * an expandable details list. Blocks the console while the appliance applies a job; a failed job shows its reason
 * and can be closed. "Open in a window" moves the job's details into a floating window (spec §4), so the console can
 * be used while the job runs.
 */
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../store/createStore';
import { Modal } from '../widgets/Modal';
import { registerWindowContent } from '../windows/registry';
import { JobBar, JobReason, JobSteps } from './JobParts';
import { JobWindow } from './JobWindow';
import { JOB_WINDOW, jobWindowOpenRequested } from '../store/slices/jobWindows.slice';
import { progressClosed, progressDetailsToggled } from '../store/slices/progress.slice';
import './progress.css';

// The job window ships with the overlay (the core layout's chunk, not the first-load script; its saga too:
// sagas/areas/core.ts).
registerWindowContent(JOB_WINDOW, JobWindow);

const titles = { config: 'Applying configuration', upgrade: 'Applying update' };

export function ProgressOverlay() {
  const dispatch = useAppDispatch();
  const view = useAppSelector((s) => s.progress.view);
  const detailsOpen = useAppSelector((s) => s.progress.detailsOpen);
  const detailsId = useId();
  if (!view) return null;
  const failed = view.status === 'failed';
  const pct = Math.round(view.progressPercentage);
  return (
    <Modal
      open
      title={failed ? `${titles[view.dataType]} failed` : titles[view.dataType]}
      closable={failed}
      onClose={() => dispatch(progressClosed())}
      busy={view.status === 'running'}
      className="progress-overlay"
    >
      <JobBar label={titles[view.dataType]} percent={pct} failed={failed} />
      <p className="progress-overlay__summary">
        <span>{pct}%</span>
        {view.totalSteps > 0 && (
          <span>
            Step {view.stepNumber} of {view.totalSteps}
          </span>
        )}
      </p>
      <JobReason failed={failed} reason={view.reason} />
      <button
        type="button"
        className="button progress-overlay__window"
        onClick={() => dispatch(jobWindowOpenRequested({ jobId: view.id, dataType: view.dataType }))}
      >
        Open in a window
      </button>
      {view.details.length > 0 && (
        <>
          <button
            type="button"
            className="button progress-overlay__toggle"
            aria-expanded={detailsOpen}
            aria-controls={detailsId}
            onClick={() => dispatch(progressDetailsToggled())}
          >
            {detailsOpen ? 'Hide details' : 'Show details'}
          </button>
          <JobSteps details={view.details} id={detailsId} hidden={!detailsOpen} />
        </>
      )}
    </Modal>
  );
}
