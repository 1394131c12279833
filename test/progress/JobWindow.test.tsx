/** @jest-environment ./test/support/jsdom-environment.js */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { jobWindowsSaga } from '../../sagas/jobWindows.saga';
import { windowsSaga } from '../../sagas/windows.saga';
import { ProgressOverlay } from '../../src/progress/ProgressOverlay';
import {
  progressJobStarted,
  progressUpdated,
  type ProgressView,
} from '../../src/store/slices/progress.slice';
import { EVENT_STREAM_REFUSAL, MAX_EVENT_STREAM_WINDOWS } from '../../src/windows/types';
import { WindowsHub } from '../../src/windows/WindowsHub';
import { openWindow } from '../../src/store/slices/windows.slice';
import { FakeEventSource } from '../app/pages/network/support';
import { seriousViolations } from '../notifications/a11y';
import { fakeApi, makeTestStore } from '../sagas/fakes';

const running: ProgressView = {
  id: 'j7',
  dataType: 'upgrade',
  status: 'running',
  progressPercentage: 25,
  totalSteps: 4,
  stepNumber: 1,
  details: [{ name: 'Verify signature', status: 'running', progressPercentage: 50 }],
};

function setup() {
  const streams: FakeEventSource[] = [];
  const store = makeTestStore({
    api: fakeApi({}).api,
    context: {
      eventSource: (url: string) => {
        const es = new FakeEventSource(url);
        streams.push(es);
        return es;
      },
    },
  });
  store.runSaga(windowsSaga);
  store.runSaga(jobWindowsSaga);
  const view = render(
    <Provider store={store}>
      <div className="core-layout__body">
        <main id="main-content" tabIndex={-1}>
          content
        </main>
        <WindowsHub />
      </div>
      <ProgressOverlay />
    </Provider>,
  );
  act(() => {
    store.dispatch(progressJobStarted({ id: 'j7', dataType: 'upgrade' }));
    store.dispatch(progressUpdated(running));
  });
  return { store, view, streams, user: userEvent.setup() };
}

test('"Open in a window" moves a running job into a floating window that follows its own stream', async () => {
  const { store, view, streams, user } = setup();
  await user.click(screen.getByRole('button', { name: 'Open in a window' }));
  const win = await screen.findByRole('dialog', { name: 'Job: Applying update' });
  // The blocking overlay is gone: the console is usable while the job runs.
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Applying update' })).toBeNull());
  expect(store.getState().progress.jobId).toBeNull();
  expect(streams.map((s) => s.url)).toEqual(['/eos/jobs/j7/stream']);
  expect(within(win).getByRole('status')).toHaveTextContent('Connecting…');

  streams[0].emit('progress', { ...running, progressPercentage: 75, stepNumber: 3 });
  expect(within(win).getByRole('status')).toHaveTextContent('Running · 75% · Step 3 of 4');
  expect(within(win).getByRole('progressbar', { name: 'Applying update (job j7)' })).toHaveAttribute(
    'aria-valuenow',
    '75',
  );
  expect(within(win).getByRole('list', { name: 'Steps' })).toHaveTextContent('Verify signature');
  expect(await seriousViolations(view.container)).toEqual([]);

  streams[0].emit('progress', {
    ...running,
    status: 'failed',
    progressPercentage: 75,
    reason: 'The package signature does not match',
  });
  expect(within(win).getByRole('alert')).toHaveTextContent('The package signature does not match');

  await user.click(within(win).getByRole('button', { name: /Close/ }));
  expect(screen.queryByRole('dialog', { name: 'Job: Applying update' })).toBeNull();
  expect(streams[0].closed).toBe(true);
  expect(store.getState().jobWindows).toEqual({});
});

test('when the browser has no stream left for another window, the overlay stays and says why', async () => {
  const { store, user } = setup();
  act(() => {
    for (let i = 0; i < MAX_EVENT_STREAM_WINDOWS; i++)
      store.dispatch(
        openWindow({
          id: `w${i}`,
          componentName: 'None',
          title: `W${i}`,
          aspect: 'floating',
          usesEventsStream: true,
        }),
      );
  });
  await user.click(screen.getByRole('button', { name: 'Open in a window' }));
  await waitFor(() =>
    expect(store.getState().notifications.toasts).toEqual([
      expect.objectContaining({ level: 'warning', message: EVENT_STREAM_REFUSAL }),
    ]),
  );
  expect(screen.getByRole('dialog', { name: 'Applying update' })).toBeInTheDocument();
  expect(store.getState().progress.jobId).toBe('j7');
});

test('the updates page keeps waiting for a job moved into a window, and reloads once it ends', async () => {
  const { runSaga, stdChannel } = await import('redux-saga');
  const { waitForJob } = await import('../../sagas/updates.saga');
  const { progressClosed: closed } = await import('../../src/store/slices/progress.slice');
  const channel = stdChannel();
  let ended = false;
  runSaga({ channel, dispatch: () => undefined, getState: () => ({}) }, waitForJob, 'j7')
    .toPromise()
    .then(() => {
      ended = true;
    });
  channel.put(closed({ toWindow: true }));
  channel.put(progressUpdated({ ...running, progressPercentage: 90 }));
  await Promise.resolve();
  expect(ended).toBe(false);
  channel.put(progressUpdated({ ...running, status: 'done', progressPercentage: 100 }));
  await waitFor(() => expect(ended).toBe(true));
});
