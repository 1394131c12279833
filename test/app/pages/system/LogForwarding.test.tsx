/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ForwardingPage } from '../../../../src/app/pages/system/forwarding/ForwardingPage';
import type { ForwardingTarget, ForwardingTargets } from '../../../../src/shared/contracts/forwarding';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { renderPage } from '../dns/renderPage';

const KEY = 'forwarding/targets';

const target = (more: Partial<ForwardingTarget> = {}): ForwardingTarget => ({
  id: 1,
  name: 'SIEM',
  enabled: true,
  protocol: 'tls',
  host: 'siem.example.net',
  port: 6514,
  audit: true,
  services: ['dns'],
  tls_certificate_id: 'cert-1',
  tls_ca_id: 'ca-1',
  queue_limit: 100000,
  status: {
    pending: 0,
    dropped: 0,
    dropping: false,
    last_error: null,
    last_error_at: null,
    last_sent_at: null,
    last_dropped_at: null,
    connected: true,
  },
  ...more,
});

const answer = (data: ForwardingTarget[]): ForwardingTargets => ({
  data,
  certificates: [{ id: 'cert-1', name: 'Appliance client', subject: 'CN=rampart' }],
  cas: [{ id: 'ca-1', name: 'SIEM root', subject: 'CN=SIEM Root' }],
});

const admin = { loggedIn: true, user: { username: 'admin', role: 'admin' } } as never;

test('shows each target with what it forwards and its queue, dropping in plain words; no axe findings', async () => {
  const full = target({
    id: 2,
    name: 'Backup collector',
    protocol: 'tcp',
    host: '192.0.2.10',
    port: 514,
    audit: true,
    services: [],
    status: {
      ...target().status,
      pending: 100,
      dropped: 42,
      dropping: true,
      last_error: 'connect ECONNREFUSED 192.0.2.10:514',
      last_error_at: Date.UTC(2026, 10, 28, 3, 0),
      connected: false,
    },
  });
  const data = answer([target(), full]);
  const { api } = fakeApi({ [`GET /api/${KEY}`]: () => data });
  const { container } = renderPage(<ForwardingPage />, {
    api,
    path: '/system/log-forwarding',
    state: { session: admin, ...resourcesState({ [KEY]: data }) },
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Log forwarding' })).toBeInTheDocument();
  const siem = screen.getByRole('row', { name: /^SIEM/ });
  expect(within(siem).getByText('TLS siem.example.net:6514')).toBeInTheDocument();
  expect(within(siem).getByText('Audit trail, dns')).toBeInTheDocument();
  // The state in words under the name (a phone shows that column): sending, or dropping records.
  expect(within(siem).getByRole('rowheader')).toHaveTextContent('SIEMSending');
  const backup = screen.getByRole('row', { name: /Backup collector/ });
  expect(within(backup).getByRole('rowheader')).toHaveTextContent('Backup collectorDropping records');
  expect(within(backup).getByText('100 pending · 42 dropped')).toBeInTheDocument();
  expect(within(backup).getByRole('list', { name: 'Tags' })).toHaveTextContent(
    'Dropping records: the queue is full',
  );
  // The list says how many targets there are, as every list does.
  expect(screen.getByText('2 targets')).toBeInTheDocument();
  expect(within(backup).getByText(/Last error: connect ECONNREFUSED/)).toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);
});

test('adds a TLS target with its certificate and trust chosen from the PKI lists', async () => {
  const user = userEvent.setup();
  const data = answer([]);
  const { api, calls } = fakeApi({
    [`GET /api/${KEY}`]: () => data,
    [`POST /api/${KEY}`]: () => target(),
  });
  renderPage(<ForwardingPage />, {
    api,
    path: '/system/log-forwarding',
    state: { session: admin, ...resourcesState({ [KEY]: data }) },
  });
  expect(screen.getByText('No target yet: nothing is forwarded.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add target' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a syslog target' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'SIEM');
  await user.type(within(dialog).getByRole('textbox', { name: /^Collector host/ }), 'siem.example.net');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Client certificate/ }), 'cert-1');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Trusted CA/ }), 'ca-1');
  await user.click(within(dialog).getByRole('checkbox', { name: 'dns' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add target' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
    name: 'SIEM',
    enabled: true,
    protocol: 'tls',
    host: 'siem.example.net',
    port: 6514,
    audit: true,
    services: ['dns'],
    tls_certificate_id: 'cert-1',
    tls_ca_id: 'ca-1',
    queue_limit: 100000,
  });
});

test('Send test asks the appliance to send one now', async () => {
  const user = userEvent.setup();
  const data = answer([target()]);
  const { api, calls } = fakeApi({
    [`GET /api/${KEY}`]: () => data,
    [`POST /api/${KEY}/1/test`]: () => target(),
  });
  renderPage(<ForwardingPage />, {
    api,
    path: '/system/log-forwarding',
    state: { session: admin, ...resourcesState({ [KEY]: data }) },
  });
  await user.click(screen.getByRole('button', { name: 'Send test to SIEM' }));
  await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(`POST /api/${KEY}/1/test`));
});

test('Remove asks first, then deletes the target', async () => {
  const user = userEvent.setup();
  const data = answer([target()]);
  const { api, calls } = fakeApi({
    [`GET /api/${KEY}`]: () => data,
    [`DELETE /api/${KEY}/1`]: () => null,
  });
  renderPage(<ForwardingPage />, {
    api,
    path: '/system/log-forwarding',
    state: { session: admin, ...resourcesState({ [KEY]: data }) },
  });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(screen.getByRole('button', { name: 'Remove SIEM' }));
  expect(confirm).toHaveBeenCalledWith('Remove SIEM? Its queued records are dropped.');
  await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(`DELETE /api/${KEY}/1`));
  confirm.mockRestore();
});
