/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * A revision's generated files (issue 29): each file the change rendered differently, folded under its path with its
 * +/- counts, opening to a line diff; nothing about files when the change rendered the same files.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { RevisionPage } from '../../../../src/app/pages/history/RevisionPage';
import type { RevisionDetail, RevisionFile } from '../../../../src/shared/contracts/revisions';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { renderPage } from '../dns/renderPage';

const detail: RevisionDetail = {
  id: 7,
  at: Date.UTC(2026, 10, 27, 14, 5),
  actor: 'admin',
  method: 'console',
  source: '192.0.2.7',
  reason: null,
  area: 'dns',
  sections: ['dns.proxy'],
  route: 'PUT /api/dns/proxy/settings',
  summary: 'DNS proxy: cache size 4 → 16 MiB',
  entities: 1,
  reverts: null,
  changes: [
    {
      section: 'dns.proxy',
      id: 'settings',
      title: 'DNS proxy',
      op: 'changed',
      before: { cache_size_mb: 4 },
      after: { cache_size_mb: 16 },
      line: 'DNS proxy: cache size 4 → 16 MiB',
    },
  ],
};

const conf = (size: number) =>
  [
    'server:',
    '    verbosity: 1',
    `    msg-cache-size: ${size}m`,
    `    rrset-cache-size: ${size * 2}m`,
    '',
  ].join('\n');

const show = (files: RevisionFile[]) => {
  const { api } = fakeApi({
    'GET /api/revisions/7': () => detail,
    'GET /api/revisions/7/files': () => ({ files }),
    'GET /api/revisions/7/revert-plan': () => ({
      format: 'rampart-config/1',
      unknown_sections: [],
      missing_sections: [],
      changes: [],
    }),
  });
  return renderPage(<RevisionPage />, {
    api,
    path: '/system/history/:id',
    entry: '/system/history/7',
    state: resourcesState({ 'revisions/7': detail }),
  });
};

test('shows each generated file folded with its counts, and its line diff before and after when opened', async () => {
  const user = userEvent.setup();
  const { container } = show([
    { path: 'unbound/unbound.conf', before: conf(4), after: conf(16), too_large: false },
  ]);
  const files = await screen.findByRole('region', { name: 'Generated files (1)' });
  const summary = within(files).getByText('unbound/unbound.conf').closest('summary') as HTMLElement;
  expect(summary.textContent).toContain('+2');
  expect(summary.textContent).toContain('−2');
  expect(within(files).queryByRole('region', { name: 'Changes to unbound/unbound.conf' })).not.toBeVisible();
  await user.click(summary);
  const diff = within(files).getByRole('region', { name: 'Changes to unbound/unbound.conf' });
  expect(diff).toBeVisible();
  expect(diff.textContent).toContain('Removed:     msg-cache-size: 4m');
  expect(diff.textContent).toContain('Added:     msg-cache-size: 16m');
  expect(diff.textContent).toContain('(before) → line');
  expect((await axe(container)).violations).toEqual([]);
});

test('says a file over the size limit changed without showing its text', async () => {
  show([{ path: 'unbound/big.conf', before: null, after: null, too_large: true }]);
  const files = await screen.findByRole('region', { name: 'Generated files (1)' });
  expect(within(files).getByText(/over 256 KB/)).toBeInTheDocument();
});

test('shows nothing about generated files when the change rendered the same files', async () => {
  show([]);
  await screen.findByRole('region', { name: 'Reverting it would' });
  await waitFor(() =>
    expect(
      screen.getByText('Change nothing: the configuration is already as it was before this revision.'),
    ).toBeInTheDocument(),
  );
  expect(screen.queryByRole('region', { name: /Generated files/ })).toBeNull();
  expect(screen.queryByText('unbound/unbound.conf')).toBeNull();
});
