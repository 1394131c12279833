/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { SERVICE_POLL_MS, ServiceStatus } from '../../../../src/app/pages/common/config/ServiceStatus';
import * as services from '../../../../src/shared/contracts/services';
import type { ServiceState } from '../../../../src/shared/contracts/services';
import { AreaAccess } from '../../../../src/app/pages/common/config/ReadOnly';
import { fakeApi } from '../../../sagas/fakes';
import { dnsService, resourcesState, sshService } from '../../../../stories/pages/fixtures';
import { renderPage } from '../dns/renderPage';

const KEY = 'dns/proxy/service';

function setup(
  initial: ServiceState,
  routes: Parameters<typeof fakeApi>[0] = {},
  privileges = { dns: 'write' },
) {
  let current = initial;
  const { api, calls } = fakeApi({
    [`GET /api/${KEY}`]: () => current,
    ...routes,
  });
  const view = renderPage(
    <AreaAccess area="dns">
      <ServiceStatus service={services.dnsService} logService="dns" />
    </AreaAccess>,
    {
      api,
      path: '/dns/proxy',
      state: {
        ...resourcesState({ [KEY]: initial }),
        session: { loggedIn: true, user: { username: 'op', role: 'user', privileges } },
      } as never,
    },
  );
  return { ...view, calls, set: (s: ServiceState) => (current = s) };
}

test('shows what runs: state, pid, the last exit and why, and the last log lines; no axe findings', async () => {
  const { container } = setup(dnsService);
  const block = screen.getByRole('region', { name: 'Service status' });
  expect(within(block).getByText('Running')).toBeInTheDocument();
  expect(block).toHaveTextContent('pid 48213');
  expect(block).toHaveTextContent('killed by SIGKILL');
  expect(block).toHaveTextContent('restarted 1 time');
  expect(within(block).getByText('Last log lines (2)')).toBeInTheDocument();
  expect(within(block).getByRole('link', { name: 'All DNS proxy log entries' })).toHaveAttribute(
    'href',
    '/logs/overview?services=dns',
  );
  expect(within(block).getByRole('button', { name: 'Restart' })).toBeEnabled();
  expect((await axe(container)).violations).toEqual([]);
});

test('says a daemon is not installed, and offers nothing to start', () => {
  setup({
    ...sshService,
    name: 'dns',
    label: 'DNS proxy',
    message: 'unbound is not installed: the configuration is written but no DNS proxy runs',
  });
  const block = screen.getByRole('region', { name: 'Service status' });
  expect(within(block).getByText('Not installed')).toBeInTheDocument();
  expect(block).toHaveTextContent(
    'unbound is not installed: the configuration is written but no DNS proxy runs',
  );
  expect(within(block).queryByRole('button')).not.toBeInTheDocument();
});

test('stops the service through the appliance and shows the new state', async () => {
  const user = userEvent.setup();
  const stopped: ServiceState = { ...dnsService, status: 'stopped', pid: null };
  const { calls, set } = setup(dnsService, {
    [`POST /api/${KEY}/stop`]: () => {
      set(stopped);
      return stopped;
    },
  });
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  await waitFor(() => expect(screen.getByText('Stopped')).toBeInTheDocument());
  expect(calls.some((c) => c.method === 'POST' && c.url === `/api/${KEY}/stop`)).toBe(true);
  expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
});

test('offers no actions to an account that may only read the area', () => {
  setup(dnsService, {}, { dns: 'read' });
  expect(screen.getByText('Running')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
});

test('follows the daemon by itself: a state that changed shows at the next poll, asked passively', async () => {
  jest.useFakeTimers();
  try {
    const { calls, set } = setup(dnsService);
    set({
      ...dnsService,
      status: 'failed',
      pid: null,
      message: 'unbound exited with status 1; restarting in 2 s',
    });
    await act(async () => {
      jest.advanceTimersByTime(SERVICE_POLL_MS);
    });
    await waitFor(() => expect(screen.getByText('Failed')).toBeInTheDocument());
    expect(screen.getByText('unbound exited with status 1; restarting in 2 s')).toBeInTheDocument();
    // Watching is not activity: the poll does not keep the session alive.
    const polls = calls.filter((c) => c.method === 'GET' && c.url === `/api/${KEY}`);
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((c) => c.headers?.['x-rampart-passive'] === '1')).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});
