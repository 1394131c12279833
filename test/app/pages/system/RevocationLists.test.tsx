/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { CrlDetailPage } from '../../../../src/app/pages/system/crls/CrlDetailPage';
import { CrlListPage } from '../../../../src/app/pages/system/crls/CrlListPage';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import {
  currentCrl,
  FIRST_PAGE,
  paged,
  revokedCertificate,
  rootCa,
} from '../../../../stories/screens/system/fixtures';
import { renderPki } from './renderPki';

const superseded = {
  ...currentCrl,
  id: '1a2b3c4d-0000-4000-8000-000000000001',
  name: 'Lab root CRL #1',
  status: 'superseded' as const,
  number: 1,
  entries: 0,
};
const crls = { data: [currentCrl, superseded] };

describe('revocation lists list', () => {
  const firstPage = paged([currentCrl, superseded]);
  function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
    const { api, calls } = fakeApi({
      [`GET /api/${FIRST_PAGE.crls}`]: () => ({ ...firstPage }),
      'GET /api/pki/cas': () => ({ data: [rootCa] }),
      ...routes,
    });
    const view = renderPki(<CrlListPage />, {
      api,
      route: '/system/certificate-revocation-lists',
      path: '/system/certificate-revocation-lists',
      state: resourcesState({ [FIRST_PAGE.crls]: firstPage, 'pki/cas': { data: [rootCa] } }),
    });
    return { ...view, calls };
  }
  const table = () => screen.getByRole('table', { name: 'Certificate revocation lists' });

  test('shows each CRL with its publication status, the total and links to each; no axe findings', async () => {
    const { container } = setup();
    expect(within(table()).getByRole('rowheader', { name: /Lab root CRL #2/ })).toBeInTheDocument();
    expect(screen.getByText('2 revocation lists')).toHaveAttribute('role', 'status');
    expect(within(table()).getByRole('link', { name: 'Lab root CRL #1' })).toHaveAttribute(
      'href',
      `/system/certificate-revocation-lists/${superseded.id}`,
    );
    expect((await axe(container)).violations).toEqual([]);
  });

  test('the authority and source filters ask the appliance for the matching page', async () => {
    const user = userEvent.setup();
    const byCa = `/api/pki/crls?ca_id=${rootCa.id}&page=1&per_page=50&sort=-created_at`;
    const imported = `/api/pki/crls?ca_id=${rootCa.id}&page=1&per_page=50&sort=-created_at&source=imported`;
    const { calls, router } = setup({
      [`GET ${byCa}`]: () => firstPage,
      [`GET ${imported}`]: () => paged([]),
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Authority' }), rootCa.id);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(byCa));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'imported');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(imported));
    expect(router.state.location.search).toBe(`?ca_id=${rootCa.id}&source=imported`);
    expect(await screen.findByText('No revocation lists match the search and filters.')).toBeInTheDocument();
  });

  test('deletes the selected lists in one request; refused when nothing could go', async () => {
    const user = userEvent.setup();
    const { calls } = setup({
      'POST /api/pki/crls/bulk': () => ({ done: [superseded.id], refused: [] }),
    });
    await user.click(within(table()).getByRole('checkbox', { name: /Lab root CRL #1/ }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 1 revocation list' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete 1 revocation list' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/pki/crls/bulk', { action: 'delete', ids: [superseded.id] }],
    ]);
  });
});

test('the detail lists the revoked serials with their reason and links the downloads', () => {
  const { api } = fakeApi({});
  renderPki(<CrlDetailPage />, {
    api,
    route: '/system/certificate-revocation-lists/:id',
    path: `/system/certificate-revocation-lists/${currentCrl.id}`,
    state: resourcesState({ 'pki/crls': crls, [`pki/crls/${currentCrl.id}`]: currentCrl }),
  });
  const table = screen.getByRole('table', { name: 'Revoked certificates' });
  const row = within(table).getByRole('row', { name: new RegExp(revokedCertificate.serial) });
  expect(within(row).getByText('Key compromise')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Download CRL (DER)' })).toHaveAttribute(
    'href',
    `/api/pki/crls/${currentCrl.id}/download?format=der`,
  );
});

test('an unknown revocation list id is the 404 naming the path', async () => {
  const { api } = fakeApi({});
  const id = '00000000-0000-4000-8000-00000000abcd';
  const { store } = renderPki(<CrlDetailPage />, {
    api,
    route: '/system/certificate-revocation-lists/:id',
    path: `/system/certificate-revocation-lists/${id}`,
    state: resourcesState({ 'pki/crls': crls }),
  });
  expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText(`/system/certificate-revocation-lists/${id}`)).toBeInTheDocument();
  await waitFor(() => expect(store.getState().resources.entries[`pki/crls/${id}`]?.status).toBe('failed'));
  expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
});
