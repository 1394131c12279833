/**
 * Content of a job window (spec §4, "Open in a window" on the progress overlay): the job's percentage, step x of y,
 * reason when it failed and every step's state, live from the job's event stream while the console stays usable.
 */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../store/createStore';
import type { WindowContentProps } from '../windows/registry';
import { JobBar, JobReason, JobSteps } from './JobParts';
import { JOB_TITLES, jobWindowRequested, selectJobWindow } from '../store/slices/jobWindows.slice';

const STATE = { running: 'Running', done: 'Done', failed: 'Failed' };

export function JobWindow({ windowId, data }: WindowContentProps) {
  const dispatch = useAppDispatch();
  const jobId = typeof data?.jobId === 'string' ? data.jobId : null;
  const job = useAppSelector(selectJobWindow(windowId));
  useEffect(() => {
    if (jobId) dispatch(jobWindowRequested({ id: windowId, jobId }));
  }, [dispatch, windowId, jobId]);
  if (!jobId) return <p>This window has no job.</p>;
  const view = job?.view;
  if (!view)
    return (
      <p className="job-window__status" role="status">
        {job?.status === 'ended' ? 'This job is no longer known to the appliance.' : 'Connecting…'}
      </p>
    );
  const pct = Math.round(view.progressPercentage);
  return (
    <div className="job-window">
      <p className="job-window__status" role="status">
        {STATE[view.status]} · {pct}%
        {view.totalSteps > 0 ? ` · Step ${view.stepNumber} of ${view.totalSteps}` : ''}
      </p>
      <JobBar
        label={`${JOB_TITLES[view.dataType]} (job ${view.id})`}
        percent={pct}
        failed={view.status === 'failed'}
      />
      <JobReason failed={view.status === 'failed'} reason={view.reason} />
      <JobSteps details={view.details} ordered aria-label="Steps" />
    </div>
  );
}
