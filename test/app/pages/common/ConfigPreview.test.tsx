/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * Before Apply, a configuration page shows what changes: the lines removed from and added to the running file, with
 * context, each marked in words for screen readers; the whole new file stays one click away.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ConfigPreview } from '../../../../src/app/pages/common/config/ConfigPreview';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { fakeApi } from '../../../sagas/fakes';
import { renderPki } from '../system/renderPki';

const KEY = 'ssh/config/preview';
const running = 'Port 22\nListenAddress 0.0.0.0\nPasswordAuthentication yes\nPermitRootLogin no\n';

function setup(files: unknown[]) {
  const { api } = fakeApi({});
  return renderPki(<ConfigPreview resourceKey={KEY} />, {
    api,
    route: '/ssh/config',
    path: '/ssh/config',
    state: resourcesState({ [KEY]: { files, pending_changes: true, applied_at: 1 } }),
  });
}

test('a changed file shows the diff against the running file first, the whole file on request', async () => {
  const user = userEvent.setup();
  const content = running.replace('Port 22', 'Port 2222').replace('yes', 'no');
  const { container } = setup([{ path: '/data/etc/ssh/sshd_config', content, running }]);
  expect(screen.getByText('2 lines added, 2 removed')).toBeInTheDocument();
  const changes = screen.getByRole('region', { name: 'Changes to /data/etc/ssh/sshd_config' });
  expect(changes).toHaveTextContent('Removed: Port 22');
  expect(changes).toHaveTextContent('Added: Port 2222');
  expect(changes).toHaveTextContent('Removed: PasswordAuthentication yes');
  expect(changes).toHaveTextContent('Added: PasswordAuthentication no');
  expect(within(changes).getByText('ListenAddress 0.0.0.0')).toBeInTheDocument();
  const whole = screen.getByRole('region', { name: 'Contents of /data/etc/ssh/sshd_config', hidden: true });
  expect(whole).not.toBeVisible();
  await user.click(screen.getByText('Whole new file'));
  expect(whole).toBeVisible();
  expect(whole).toHaveTextContent('Port 2222');
  expect((await axe(container)).violations).toEqual([]);
});

test('beside a changed file, an unchanged one is folded away', () => {
  setup([
    { path: '/data/etc/ssh/sshd_config', content: running.replace('Port 22', 'Port 2200'), running },
    {
      path: '/data/etc/ssh/pam.d/sshd',
      content: 'auth required pam_exec.so\n',
      running: 'auth required pam_exec.so\n',
    },
  ]);
  expect(screen.getByRole('region', { name: 'Changes to /data/etc/ssh/sshd_config' })).toBeVisible();
  expect(screen.getByText('No change')).toBeInTheDocument();
  expect(
    screen.getByRole('region', { name: 'Contents of /data/etc/ssh/pam.d/sshd', hidden: true }),
  ).not.toBeVisible();
});

test('an unchanged file says so and shows whole; a new file says it is new', () => {
  setup([
    { path: '/data/etc/ssh/sshd_config', content: running, running },
    { path: '/data/etc/ssh/authorized_keys/admin', content: 'ssh-ed25519 AAAA admin\n', running: null },
  ]);
  expect(screen.getByText('No change')).toBeInTheDocument();
  expect(screen.getByText('New file')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: /^Changes to/ })).toBeNull();
  expect(screen.getByRole('region', { name: 'Contents of /data/etc/ssh/sshd_config' })).toBeVisible();
});
