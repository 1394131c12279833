/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { CrlDetailPage } from '../../../../src/app/pages/system/crls/CrlDetailPage';
import { CrlListPage } from '../../../../src/app/pages/system/crls/CrlListPage';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { currentCrl, revokedCertificate } from '../../../../stories/screens/system/fixtures';
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

test('the list shows each CRL with its publication status and filters by it; no axe findings', async () => {
  const user = userEvent.setup();
  const { api } = fakeApi({ 'GET /api/pki/crls': () => crls });
  const { container } = renderPki(<CrlListPage />, {
    api,
    route: '/system/certificate-revocation-lists',
    path: '/system/certificate-revocation-lists',
    state: resourcesState({ 'pki/crls': crls }),
  });
  const table = screen.getByRole('table', { name: 'Certificate revocation lists' });
  expect(within(table).getByRole('rowheader', { name: /Lab root CRL #2/ })).toBeInTheDocument();
  expect((await axe(container)).violations).toEqual([]);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'superseded');
  expect(within(table).queryByRole('rowheader', { name: /Lab root CRL #2/ })).toBeNull();
  expect(within(table).getByRole('rowheader', { name: /Lab root CRL #1/ })).toBeInTheDocument();
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
