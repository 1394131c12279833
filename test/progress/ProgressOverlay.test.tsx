/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ProgressOverlay } from '../../src/progress/ProgressOverlay';
import { progressJobStarted, progressUpdated } from '../../src/store/slices/progress.slice';
import { fakeApi, makeTestStore } from '../sagas/fakes';
import { seriousViolations } from '../notifications/a11y';

function setup() {
  const store = makeTestStore({ api: fakeApi({}).api });
  const view = render(
    <Provider store={store}>
      <ProgressOverlay />
    </Provider>,
  );
  return { store, view, user: userEvent.setup() };
}
const running = {
  id: 'j',
  dataType: 'config' as const,
  status: 'running' as const,
  progressPercentage: 42.4,
  totalSteps: 4,
  stepNumber: 2,
  details: [{ name: 'Firewall', status: 'running', progressPercentage: 50 }],
};

test('shows nothing without a job', () => {
  setup();
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('shows the percentage, step x of y and an expandable details list; it cannot be closed while running', async () => {
  const { store, user, view } = setup();
  act(() => {
    store.dispatch(progressJobStarted({ id: 'j' }));
    store.dispatch(progressUpdated(running));
  });
  const dialog = screen.getByRole('dialog', { name: 'Applying configuration' });
  expect(screen.getByRole('progressbar', { name: 'Applying configuration' })).toHaveAttribute(
    'aria-valuenow',
    '42',
  );
  expect(dialog).toHaveTextContent('Step 2 of 4');
  const toggle = screen.getByRole('button', { name: 'Show details' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByText('Firewall')).not.toBeVisible();
  await user.click(toggle);
  expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText('Firewall')).toBeVisible();
  await user.keyboard('{Escape}');
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  expect(await seriousViolations(view.container)).toEqual([]);
});

test('an update says so; a failed job shows its reason and can be closed', async () => {
  const { store, user } = setup();
  act(() => {
    store.dispatch(progressJobStarted({ id: 'j', dataType: 'upgrade' }));
    store.dispatch(
      progressUpdated({ ...running, dataType: 'upgrade', status: 'failed', reason: 'Signature mismatch' }),
    );
  });
  expect(screen.getByRole('dialog', { name: 'Applying update failed' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Signature mismatch');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});
