/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * The PKI pages for an account whose groups grant only the read privilege of the PKI area: everything is shown, the
 * downloads the appliance serves to readers (GET) stay, and nothing that writes (create, import, issue, sign,
 * renew, revoke, export with the key, publish, delete, bulk actions, ordering) is offered.
 */
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { OrderDetailPage } from '../../../../src/app/pages/system/acme/OrderDetailPage';
import { OrderListPage } from '../../../../src/app/pages/system/acme/OrderListPage';
import { CaDetailPage } from '../../../../src/app/pages/system/authorities/CaDetailPage';
import { CaListPage } from '../../../../src/app/pages/system/authorities/CaListPage';
import { CertificateDetailPage } from '../../../../src/app/pages/system/certificates/CertificateDetailPage';
import { CertificateListPage } from '../../../../src/app/pages/system/certificates/CertificateListPage';
import { CrlDetailPage } from '../../../../src/app/pages/system/crls/CrlDetailPage';
import { CrlListPage } from '../../../../src/app/pages/system/crls/CrlListPage';
import type { AcmeOrder } from '../../../../src/shared/contracts/pki';
import type { Privileges } from '../../../../src/shared/privileges';
import { resourcesState } from '../../../../stories/pages/fixtures';
import {
  certificateSummary,
  currentCrl,
  FIRST_PAGE,
  importedCa,
  paged,
  inDays,
  revokedCertificate,
  rootCa,
  webCertificate,
} from '../../../../stories/screens/system/fixtures';
import { fakeApi } from '../../../sagas/fakes';
import { renderPki } from './renderPki';

const READER: Privileges = { pki: 'read' };
const WRITER: Privileges = { pki: 'write' };

const order: AcmeOrder = {
  id: '7c6b5a49-3827-4165-9e8d-7c6b5a493827',
  account_id: 'acc',
  account_name: 'Pebble',
  names: ['shop.example.test'],
  key_type: 'ec-p256',
  status: 'valid',
  detail: null,
  certificate_id: webCertificate.id,
  not_after: inDays(60),
  renew_at: inDays(30),
  auto_renew: true,
  renew_before_days: 30,
  renews_order_id: null,
  renewed_by_order_id: null,
  created_at: inDays(-1),
  updated_at: inDays(-1),
};

const lists = {
  'pki/cas': { data: [rootCa, importedCa] },
  'pki/certificates': { data: [webCertificate, revokedCertificate] },
  'pki/crls': { data: [currentCrl] },
  'pki/acme/orders': { data: [order] },
  'pki/acme/accounts': { data: [] },
  // The pages the lists show first, and the board's counts.
  [FIRST_PAGE.cas]: paged([rootCa, importedCa]),
  [FIRST_PAGE.certificates]: paged([webCertificate, revokedCertificate]),
  [FIRST_PAGE.crls]: paged([currentCrl]),
  [FIRST_PAGE.orders]: paged([order]),
  'pki/certificates/summary': certificateSummary,
};

function renderAs(privileges: Privileges, element: ReactElement, route: string, path: string) {
  const entities = {
    [`pki/cas/${rootCa.id}`]: rootCa,
    [`pki/certificates/${webCertificate.id}`]: webCertificate,
    [`pki/crls/${currentCrl.id}`]: currentCrl,
    [`pki/acme/orders/${order.id}`]: order,
  };
  const { api, calls } = fakeApi(
    Object.fromEntries(
      Object.entries({ ...lists, ...entities }).map(([key, body]) => [`GET /api/${key}`, () => body]),
    ),
  );
  const view = renderPki(element, {
    api,
    route,
    path,
    state: {
      session: { loggedIn: true, user: { username: 'pki-reader', role: 'user', privileges } },
      ...resourcesState({ ...lists, ...entities }),
    },
  });
  return { ...view, calls };
}

const notice = () => screen.queryByTestId('read-only-notice');
const button = (name: string | RegExp) => screen.getByRole('button', { name });
/** The table offers no selection (so no bulk action) when nothing may be changed. */
const selectBoxes = () => screen.queryAllByRole('checkbox', { name: /^Select/ });

describe('certificate authorities', () => {
  test('the list offers neither create, import nor bulk delete to a reader', () => {
    renderAs(READER, <CaListPage />, '/system/certificate-authorities', '/system/certificate-authorities');
    expect(notice()).toBeInTheDocument();
    expect(button('Create authority')).toBeDisabled();
    expect(button('Import authority')).toBeDisabled();
    expect(selectBoxes()).toEqual([]);
    // Opening a detail only reads: each name is a link to it.
    expect(screen.getByRole('link', { name: rootCa.name })).toHaveAttribute(
      'href',
      `/system/certificate-authorities/${rootCa.id}`,
    );
  });

  test('the list is unchanged for an account with the write privilege', () => {
    renderAs(WRITER, <CaListPage />, '/system/certificate-authorities', '/system/certificate-authorities');
    expect(notice()).toBeNull();
    expect(button('Create authority')).toBeEnabled();
    expect(button('Import authority')).toBeEnabled();
    expect(selectBoxes().length).toBeGreaterThan(0);
  });

  test('the detail keeps the certificate and CRL downloads but not publish or delete', () => {
    renderAs(
      READER,
      <CaDetailPage />,
      '/system/certificate-authorities/:id',
      `/system/certificate-authorities/${rootCa.id}`,
    );
    expect(notice()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download certificate (PEM)' })).toHaveAttribute(
      'href',
      `/api/pki/cas/${rootCa.id}/certificate?format=pem`,
    );
    expect(screen.getByRole('link', { name: 'Download CRL' })).toHaveAttribute(
      'href',
      `/api/pki/cas/${rootCa.id}/crl?format=pem`,
    );
    expect(button('Publish CRL now')).toBeDisabled();
    expect(button('Delete')).toBeDisabled();
  });
});

describe('certificates', () => {
  test('the list offers no issue, import, CSR signing, bulk revoke or delete, and the board no renew', () => {
    renderAs(READER, <CertificateListPage />, '/system/certificates', '/system/certificates');
    expect(notice()).toBeInTheDocument();
    expect(button('Issue certificate')).toBeDisabled();
    expect(button('Import certificate')).toBeDisabled();
    expect(button('Sign a request (CSR)')).toBeDisabled();
    expect(selectBoxes()).toEqual([]);
    const board = screen.getByRole('region', { name: 'Lifecycle' });
    // The expiring certificate is still watched, without a way to renew it.
    expect(within(board).getByRole('link', { name: 'www.example.test' })).toBeInTheDocument();
    expect(within(board).queryByRole('button', { name: /^Renew/ })).toBeNull();
  });

  test('an account with the write privilege renews from the board and issues', () => {
    renderAs(WRITER, <CertificateListPage />, '/system/certificates', '/system/certificates');
    expect(button('Issue certificate')).toBeEnabled();
    expect(button('Sign a request (CSR)')).toBeEnabled();
    expect(
      within(screen.getByRole('region', { name: 'Lifecycle' })).getByRole('button', {
        name: 'Renew www.example.test',
      }),
    ).toBeEnabled();
  });

  test('the detail keeps the public downloads; export with the key, renew, revoke and delete are disabled', () => {
    const { calls } = renderAs(
      READER,
      <CertificateDetailPage />,
      '/system/certificates/:id',
      `/system/certificates/${webCertificate.id}`,
    );
    expect(notice()).toBeInTheDocument();
    const href = `/api/pki/certificates/${webCertificate.id}/certificate`;
    expect(screen.getByRole('link', { name: 'Download certificate (PEM)' })).toHaveAttribute(
      'href',
      `${href}?format=pem`,
    );
    expect(screen.getByRole('link', { name: 'Download certificate (DER)' })).toHaveAttribute(
      'href',
      `${href}?format=der`,
    );
    expect(screen.getByRole('link', { name: 'Download with chain (PEM)' })).toHaveAttribute(
      'href',
      `${href}?format=pem&chain=1`,
    );
    for (const name of ['Export with private key', 'Renew', 'Revoke', 'Delete'])
      expect(button(name)).toBeDisabled();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

describe('revocation lists', () => {
  test('the list offers neither import nor bulk delete', () => {
    renderAs(
      READER,
      <CrlListPage />,
      '/system/certificate-revocation-lists',
      '/system/certificate-revocation-lists',
    );
    expect(notice()).toBeInTheDocument();
    expect(button('Import revocation list')).toBeDisabled();
    expect(selectBoxes()).toEqual([]);
  });

  test('the detail keeps both downloads', () => {
    renderAs(
      READER,
      <CrlDetailPage />,
      '/system/certificate-revocation-lists/:id',
      `/system/certificate-revocation-lists/${currentCrl.id}`,
    );
    expect(notice()).toBeInTheDocument();
    const href = `/api/pki/crls/${currentCrl.id}/download`;
    expect(screen.getByRole('link', { name: 'Download CRL (PEM)' })).toHaveAttribute(
      'href',
      `${href}?format=pem`,
    );
    expect(screen.getByRole('link', { name: 'Download CRL (DER)' })).toHaveAttribute(
      'href',
      `${href}?format=der`,
    );
    expect(screen.queryAllByRole('button', { name: /Delete|Import/ })).toEqual([]);
  });
});

describe('ACME orders', () => {
  test('the list offers neither a new order, an account registration nor bulk delete', () => {
    renderAs(READER, <OrderListPage />, '/system/acme-orders', '/system/acme-orders');
    expect(notice()).toBeInTheDocument();
    expect(button('New order')).toBeDisabled();
    expect(button('Register account')).toBeDisabled();
    expect(selectBoxes()).toEqual([]);
  });

  test('the detail shows the order with the read-only notice', () => {
    renderAs(READER, <OrderDetailPage />, '/system/acme-orders/:id', `/system/acme-orders/${order.id}`);
    expect(notice()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the certificate' })).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
