/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ApiError } from '../../../../src/api/errors';
import { BackupsPage } from '../../../../src/app/pages/system/backups/BackupsPage';
import type { BackupsOverview } from '../../../../src/shared/contracts/backups';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { renderPage } from '../dns/renderPage';

const FINGERPRINT = `SHA256:${'x'.repeat(43)}`;

const overview = (more: Partial<BackupsOverview> = {}): BackupsOverview => ({
  schedule: { schedule: 'daily', at_time: '03:15', weekday: 0, interval_hours: 24, passphrase_set: true },
  next_run_at: Date.UTC(2026, 10, 29, 3, 15),
  targets: [
    {
      id: 1,
      name: 'Offsite',
      kind: 'sftp',
      directory: '/srv/rampart',
      host: 'vault.example.net',
      port: 22,
      username: 'backup',
      host_key_sha256: FINGERPRINT,
      auth: 'key',
      has_secret: true,
      keep: 7,
      enabled: true,
    },
  ],
  runs: [
    {
      id: 2,
      target_id: 1,
      target: 'Offsite',
      started_at: Date.UTC(2026, 10, 28, 3, 15),
      finished_at: Date.UTC(2026, 10, 28, 3, 16),
      ok: false,
      size: null,
      file: null,
      error: 'the server’s host key is not the pinned one: refused',
      trigger: 'schedule',
    },
  ],
  pending_restores: [],
  ...more,
});

const show = (data: BackupsOverview, routes: Record<string, (body?: unknown) => unknown> = {}) => {
  const { api, calls } = fakeApi({ 'GET /api/backups': () => data, ...routes });
  const rendered = renderPage(<BackupsPage />, {
    api,
    path: '/system/backups',
    state: resourcesState({ backups: data }),
  });
  return { ...rendered, calls };
};

test('shows the last result, the schedule, the targets and the runs; no axe findings', async () => {
  const { container } = show(overview());
  // The page header's notice (the tables' live regions are statuses too).
  expect(
    screen
      .getAllByRole('status')
      .some((s) =>
        /The last backup to Offsite failed .*host key is not the pinned one/.test(s.textContent ?? ''),
      ),
  ).toBe(true);
  expect(screen.getByText(/Every day at 03:15\./)).toBeInTheDocument();
  const targets = screen.getByRole('table', { name: 'Backup targets' });
  expect(
    within(targets).getByRole('cell', { name: 'sftp://backup@vault.example.net:22/srv/rampart' }),
  ).toBeInTheDocument();
  const runs = screen.getByRole('table', { name: 'Backup runs' });
  const failed = within(runs).getByRole('row', { name: /Offsite/ });
  expect(
    within(failed).getByRole('cell', { name: /^Failed the server’s host key is not the pinned one/ }),
  ).toBeInTheDocument();
  expect(screen.getByText('1 target')).toBeInTheDocument();
  expect(screen.getByText('1 run')).toBeInTheDocument();
  expect(within(targets).getByRole('button', { name: 'Edit Offsite' })).toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);
});

test('Back up now starts a run', async () => {
  const user = userEvent.setup();
  const { calls } = show(overview(), {
    'POST /api/backups/run': () => ({
      id: 'j1',
      dataType: 'config',
      status: 'running',
      progressPercentage: 0,
      totalSteps: 3,
      stepNumber: 0,
      details: [],
    }),
  });
  await user.click(screen.getByRole('button', { name: 'Back up now' }));
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/backups/run')).toBe(true),
  );
});

test('adds an SFTP target after fetching the host key and confirming it', async () => {
  const user = userEvent.setup();
  const { calls } = show(overview({ targets: [] }), {
    'POST /api/backups/fingerprint': () => ({ host_key_sha256: FINGERPRINT }),
    'POST /api/backups/targets': (body) => ({ id: 2, ...(body as object), has_secret: true }),
  });
  await user.click(screen.getByRole('button', { name: 'Add target' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a backup target' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Vault');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'sftp');
  await user.type(within(dialog).getByRole('textbox', { name: /^Server/ }), 'vault.example.net');
  await user.type(within(dialog).getByRole('textbox', { name: /^User/ }), 'backup');
  await user.click(within(dialog).getByRole('button', { name: 'Fetch fingerprint' }));
  expect(await within(dialog).findByText(FINGERPRINT)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'It matches: use this key' }));
  await user.type(within(dialog).getByLabelText(/^Password/), 'sftp-secret');
  await user.type(within(dialog).getByRole('textbox', { name: /^Directory on the server/ }), '/srv/rampart');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.find((c) => c.url === '/api/backups/targets')).toBeTruthy());
  expect(calls.find((c) => c.url === '/api/backups/targets')?.body).toMatchObject({
    name: 'Vault',
    kind: 'sftp',
    host: 'vault.example.net',
    port: 22,
    username: 'backup',
    host_key_sha256: FINGERPRINT,
    auth: 'password',
    secret: 'sftp-secret',
    directory: '/srv/rampart',
  });
});

test('a restore awaiting confirmation can be kept', async () => {
  const user = userEvent.setup();
  const { calls } = show(
    overview({
      pending_restores: [
        {
          id: '7b0c1f50-8f0c-4a52-9e56-2a0f2f1f6c11',
          archive_created_at: '2026-11-27T10:00:00.000Z',
          changes: ["your account's password becomes the backup's"],
          deadline: Date.UTC(2026, 10, 28, 4, 0),
          seconds_left: 60,
          created_by: 'admin',
        },
      ],
    }),
    { 'POST /api/backups/restores/7b0c1f50-8f0c-4a52-9e56-2a0f2f1f6c11/keep': () => ({ status: 'kept' }) },
  );
  expect(screen.getByRole('alert')).toHaveTextContent("your account's password becomes the backup's");
  await user.click(screen.getByRole('button', { name: 'Keep changes' }));
  await waitFor(() =>
    expect(
      calls.some((c) => c.url === '/api/backups/restores/7b0c1f50-8f0c-4a52-9e56-2a0f2f1f6c11/keep'),
    ).toBe(true),
  );
});

test('an SFTP private key is pasted into a multi-line field and sent with its line breaks', async () => {
  const user = userEvent.setup();
  const { calls } = show(overview({ targets: [] }), {
    'POST /api/backups/targets': (body) => ({ id: 2, ...(body as object), has_secret: true }),
  });
  await user.click(screen.getByRole('button', { name: 'Add target' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a backup target' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Vault');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'sftp');
  await user.type(within(dialog).getByRole('textbox', { name: /^Server/ }), 'vault.example.net');
  await user.type(within(dialog).getByRole('textbox', { name: /^User/ }), 'backup');
  await user.type(within(dialog).getByRole('textbox', { name: /^Host key fingerprint/ }), FINGERPRINT);
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Sign in with' }), 'key');
  const key = within(dialog).getByRole('textbox', { name: /^Private key/ });
  await user.click(key);
  await user.paste(
    '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk=\n-----END OPENSSH PRIVATE KEY-----\n',
  );
  await user.type(within(dialog).getByRole('textbox', { name: /^Directory on the server/ }), '/srv/rampart');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.find((c) => c.url === '/api/backups/targets')).toBeTruthy());
  expect(calls.find((c) => c.url === '/api/backups/targets')?.body).toMatchObject({
    auth: 'key',
    secret: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk=\n-----END OPENSSH PRIVATE KEY-----\n',
  });
});

test('a restore shows its plan, then the progress of the services’ re-apply it started', async () => {
  const user = userEvent.setup();
  const plan = {
    manifest: {
      format: 'rampart-backup/1',
      format_version: 1,
      appliance_version: '1.0.0',
      created_at: '2026-11-27T10:00:00.000Z',
      members: [],
    },
    configuration: {
      format: 'rampart-config/1',
      changes: [
        {
          section: 'dns.hosts',
          id: 'nas.lan',
          title: 'nas.lan',
          op: 'removed',
          line: 'Host override nas.lan removed',
          lockout_prone: false,
        },
      ],
      unknown_sections: [],
      missing_sections: [],
    },
    counts: [{ what: 'accounts', label: 'Accounts', now: 2, restored: 1 }],
  };
  const job = {
    id: 'j-restore',
    dataType: 'config',
    status: 'running',
    progressPercentage: 0,
    totalSteps: 4,
    stepNumber: 0,
    details: [],
  };
  const { calls, store } = show(overview(), {
    'POST /api/backups/restore/plan': () => plan,
    'POST /api/backups/restore': () => ({ status: 'restored', revision: 9, plan, job, confirmation: null }),
  });
  const file = new File([new Uint8Array([1, 2, 3])], 'rampart-backup-1.rbk', { type: '' });
  await user.upload(screen.getByLabelText(/Backup archive/, { selector: 'input' }), file);
  await user.type(screen.getByLabelText(/^Passphrase/, { selector: 'input' }), 'a long backup passphrase');
  await user.click(screen.getByRole('button', { name: 'Show what changes' }));
  const shown = await screen.findByRole('region', { name: 'Restore plan' });
  expect(within(shown).getByText('Host override nas.lan removed')).toBeInTheDocument();
  expect(within(shown).getByRole('row', { name: 'Accounts 2 1' })).toBeInTheDocument();
  expect(calls.find((c) => c.url === '/api/backups/restore/plan')?.body).toEqual({
    archive: 'AQID',
    passphrase: 'a long backup passphrase',
  });
  await user.click(within(shown).getByRole('button', { name: 'Restore this backup' }));
  await waitFor(() => expect(store.getState().progress.jobId).toBe('j-restore'));
});

test('the schedule refuses a time the appliance would refuse, and sends nothing', async () => {
  const user = userEvent.setup();
  const { calls } = show(overview());
  const time = screen.getByRole('textbox', { name: /^At \(HH:MM\)/ });
  await user.clear(time);
  await user.type(time, '24:00');
  await user.click(screen.getByRole('button', { name: 'Save schedule' }));
  expect(await screen.findByText('Use HH:MM.')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);
});

test('a refused passphrase shows no plan and keeps the archive: with the right one the plan comes', async () => {
  const user = userEvent.setup();
  const plan = {
    manifest: {
      format: 'rampart-backup/1',
      format_version: 1,
      appliance_version: '1.0.0',
      created_at: '2026-11-27T10:00:00.000Z',
      members: [],
    },
    configuration: { format: 'rampart-config/1', changes: [], unknown_sections: [], missing_sections: [] },
    counts: [],
  };
  const { calls } = show(overview(), {
    'POST /api/backups/restore/plan': (body) => {
      if ((body as { passphrase: string }).passphrase === 'the right passphrase') return plan;
      throw new ApiError({
        kind: 'bad_request',
        status: 422,
        message: 'Request failed with status code 422',
        url: '/api/backups/restore/plan',
        method: 'POST',
        data: {
          detail: [{ loc: ['body', 'passphrase'], msg: 'wrong passphrase', type: 'value_error.passphrase' }],
        },
      });
    },
  });
  const file = new File([new Uint8Array([1, 2, 3])], 'rampart-backup-1.rbk', { type: '' });
  await user.upload(screen.getByLabelText(/Backup archive/, { selector: 'input' }), file);
  const passphrase = screen.getByLabelText(/^Passphrase/, { selector: 'input' });
  await user.type(passphrase, 'a wrong passphrase');
  const showPlan = screen.getByRole('button', { name: 'Show what changes' });
  await user.click(showPlan);
  await waitFor(() => expect(calls.filter((c) => c.url === '/api/backups/restore/plan')).toHaveLength(1));
  await waitFor(() => expect(showPlan).toBeEnabled());
  expect(screen.queryByRole('region', { name: 'Restore plan' })).toBeNull();
  expect(screen.getByText('rampart-backup-1.rbk')).toBeInTheDocument();
  await user.clear(passphrase);
  await user.type(passphrase, 'the right passphrase');
  await user.click(showPlan);
  const shown = await screen.findByRole('region', { name: 'Restore plan' });
  expect(within(shown).getByText('The configuration is the same.')).toBeInTheDocument();
});
