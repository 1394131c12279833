/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { CertificateDetailPage } from '../../../../src/app/pages/system/certificates/CertificateDetailPage';
import { CertificateListPage } from '../../../../src/app/pages/system/certificates/CertificateListPage';
import { ApiError } from '../../../../src/api/errors';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import {
  certificateSummary,
  FIRST_PAGE,
  importedCa,
  paged,
  revokedCertificate,
  rootCa,
  webCertificate,
} from '../../../../stories/screens/system/fixtures';
import { renderPki } from './renderPki';

const certs = { data: [webCertificate, revokedCertificate] };
const cas = { data: [rootCa, importedCa] };

describe('certificates list', () => {
  const PAGE = `/api/${FIRST_PAGE.certificates}`;
  const firstPage = paged([webCertificate, revokedCertificate]);
  function setup(
    routes: Parameters<typeof fakeApi>[0] = {},
    path = '/system/certificates',
    summary = certificateSummary,
  ) {
    const { api, calls } = fakeApi({
      // A new answer each time, as the appliance gives.
      [`GET ${PAGE}`]: () => ({ ...firstPage }),
      'GET /api/pki/certificates/summary': () => summary,
      'GET /api/pki/crls': () => ({ data: [] }),
      'GET /api/pki/cas': () => cas,
      ...routes,
    });
    const view = renderPki(<CertificateListPage />, {
      api,
      route: '/system/certificates',
      path,
      state: resourcesState({
        [FIRST_PAGE.certificates]: firstPage,
        'pki/certificates/summary': summary,
        'pki/cas': (routes['GET /api/pki/cas']?.() as typeof cas | undefined) ?? cas,
      }),
    });
    return { ...view, calls };
  }
  const table = () => screen.getByRole('table', { name: 'Certificates' });

  test('lists certificates with what uses them and flags one expiring within 14 days; no axe findings', async () => {
    const { container } = setup();
    expect(within(table()).getByRole('rowheader', { name: /www\.example\.test/ })).toBeInTheDocument();
    expect(within(table()).getByText('console HTTPS listener (port 8443)')).toBeInTheDocument();
    expect(within(table()).getByText(/Expires in (9|10) days/)).toBeInTheDocument();
    expect((await axe(container)).violations).toEqual([]);
  });

  test('says how many certificates there are and links each name to its page, with no Details button', () => {
    setup();
    expect(screen.getByText('2 certificates')).toHaveAttribute('role', 'status');
    expect(within(table()).getByRole('link', { name: 'www.example.test' })).toHaveAttribute(
      'href',
      `/system/certificates/${webCertificate.id}`,
    );
    expect(screen.queryByRole('button', { name: /Details/ })).toBeNull();
  });

  test('the lifecycle board counts every certificate from the summary, renews in one click and raises a banner', async () => {
    const user = userEvent.setup();
    const { calls, store } = setup({
      [`POST /api/pki/certificates/${webCertificate.id}/renew`]: () => webCertificate,
    });
    const board = screen.getByRole('region', { name: 'Lifecycle' });
    expect(board).toHaveTextContent('2 certificates: 1 valid, 0 expired, 1 revoked.');
    expect(within(board).getByRole('link', { name: '1 within 30 days' })).toHaveAttribute(
      'href',
      '/system/certificates?status=valid&expires_within_days=30',
    );
    const [item] = within(board).getAllByRole('listitem');
    expect(item).toHaveTextContent(
      /www\.example\.test: (9|10) days left .* used by console HTTPS listener \(port 8443\)/,
    );
    expect(item).toHaveClass('pki-timeline__item--soon');
    // The revoked certificate is not watched.
    expect(within(board).queryByText('vpn-client')).toBeNull();
    expect(within(board).getByText(/CRL #2 published/)).toBeInTheDocument();
    expect(store.getState().notifications.banners).toEqual([
      expect.objectContaining({
        notice: { key: 'pki-expiry', version: expect.any(String) },
        level: 'warning',
        title: 'Certificate about to expire',
        message: expect.stringMatching(/^www\.example\.test expires in (9|10) days \(used by console HTTPS/),
      }),
    ]);
    await user.click(within(board).getByRole('button', { name: 'Renew www.example.test' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/pki/certificates/${webCertificate.id}/renew`,
      body: {},
    });
    // The page on screen is asked again, and the board's counts with it.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/pki/certificates/summary').length).toBeGreaterThan(0),
    );
  });

  test('several certificates about to expire raise one summary banner, not one each', () => {
    const soon = (n: number) => ({
      ...certificateSummary.watched[0],
      id: `${certificateSummary.watched[0].id}-${n}`,
      name: `host${n}.example.test`,
    });
    const { store } = setup({}, '/system/certificates', {
      ...certificateSummary,
      watched: [1, 2, 3, 4, 5].map(soon),
    });
    const banners = store.getState().notifications.banners;
    expect(banners).toHaveLength(1);
    expect(banners[0]).toMatchObject({
      title: 'Certificates about to expire',
      message:
        '5 certificates expire within 14 days: host1.example.test, host2.example.test, host3.example.test and 2 more.',
      // The banner leads to the list filtered to them.
      link: { label: 'Review', to: '/system/certificates?status=valid&expires_within_days=14' },
    });
  });

  test('the board keeps ended certificates out of the coming expiries and links to them as one line', () => {
    setup({}, '/system/certificates', {
      ...certificateSummary,
      by_status: { ...certificateSummary.by_status, expired: 30 },
      expired_unrenewed: 30,
    });
    const board = screen.getByRole('region', { name: 'Lifecycle' });
    expect(within(board).getByRole('heading', { name: 'Expiry in the next 90 days' })).toBeInTheDocument();
    expect(
      within(board)
        .getAllByRole('listitem')
        .filter((li) => /ago/.test(li.textContent ?? '')),
    ).toEqual([]);
    expect(board).toHaveTextContent('30 certificates have ended without being renewed or revoked.');
    expect(within(board).getByRole('link', { name: 'Review expired certificates' })).toHaveAttribute(
      'href',
      '/system/certificates?status=expired',
    );
  });

  test('a filter asks the appliance for the matching page, back on page 1', async () => {
    const user = userEvent.setup();
    const revokedOnly = '/api/pki/certificates?page=1&per_page=50&sort=-created_at&status=revoked';
    const { calls, router } = setup({ [`GET ${revokedOnly}`]: () => paged([revokedCertificate]) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'revoked');
    await waitFor(() => expect(within(table()).queryByRole('link', { name: 'www.example.test' })).toBeNull());
    expect(calls.map((c) => c.url)).toContain(revokedOnly);
    expect(router.state.location.search).toBe('?status=revoked');
    expect(within(table()).getByRole('link', { name: 'vpn-client' })).toBeInTheDocument();
  });

  test('the expiry filter asks for valid certificates ending within the chosen days', async () => {
    const user = userEvent.setup();
    const soon = '/api/pki/certificates?expires_within_days=14&page=1&per_page=50&sort=-created_at';
    const { calls } = setup({ [`GET ${soon}`]: () => paged([webCertificate]) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expiry' }), '14');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(soon));
  });

  test("an older banner's Review link (?expiry=soon) opens the list filtered to what expires soon", async () => {
    const url =
      '/api/pki/certificates?expires_within_days=14&page=1&per_page=50&sort=-created_at&status=valid';
    const { calls, router } = setup(
      { [`GET ${url}`]: () => paged([webCertificate]) },
      '/system/certificates?expiry=soon',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?status=valid&expires_within_days=14'));
    expect(screen.getByRole('combobox', { name: 'Expiry' })).toHaveValue('14');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(url));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'vpn-client' })).toBeNull());
  });

  test('revokes the selected certificates in one request and sums up what was kept', async () => {
    const user = userEvent.setup();
    const { calls, store } = setup({
      'POST /api/pki/certificates/bulk': () => ({
        done: [webCertificate.id],
        refused: [
          { id: revokedCertificate.id, name: 'vpn-client', reason: 'this certificate is already revoked' },
        ],
      }),
    });
    await user.click(screen.getByRole('checkbox', { name: /Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Revoke selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke 2 certificates' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke 2 certificates' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/pki/certificates/bulk',
        body: { action: 'revoke', ids: [webCertificate.id, revokedCertificate.id] },
        query: undefined,
      },
    ]);
    await waitFor(() =>
      expect(store.getState().notifications.toasts).toEqual([
        expect.objectContaining({
          level: 'warning',
          message: '1 certificate revoked; 1 kept: vpn-client (this certificate is already revoked).',
        }),
      ]),
    );
  });

  test('issues a server certificate with its names and the appliance CRL address', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ 'POST /api/pki/certificates': () => webCertificate });
    await user.click(screen.getByRole('button', { name: 'Issue certificate' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue certificate' });
    await user.type(within(dialog).getByRole('textbox', { name: /Common name/ }), 'mail.example.test');
    const dns = within(dialog).getByRole('textbox', { name: /DNS names/ });
    await user.type(dns, 'mail.example.test{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      ca_id: rootCa.id,
      profile: 'server',
      subject: { common_name: 'mail.example.test' },
      sans: { dns: ['mail.example.test'], ip: [], uri: [], email: [] },
      key_type: 'ec-p256',
      validity_days: 397,
      crl_distribution_point: 'appliance',
    });
  });

  test('warns before issuing when the CRL address would be on the loopback, and not when the box is off', async () => {
    const user = userEvent.setup();
    const loopbackCas = {
      data: [
        { ...rootCa, public_crl_url: `http://127.0.0.1:8080/api/pki/public/cas/${rootCa.id}/crl` },
        importedCa,
      ],
    };
    setup({ 'GET /api/pki/cas': () => loopbackCas });
    await user.click(screen.getByRole('button', { name: 'Issue certificate' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue certificate' });
    expect(within(dialog).getByText(/This CRL address is on the appliance's loopback/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Point to the appliance's public CRL/ }));
    expect(within(dialog).queryByText(/loopback/)).toBeNull();
  });

  test('a server certificate without any name is refused before sending', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Issue certificate' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue certificate' });
    await user.type(within(dialog).getByRole('textbox', { name: /Common name/ }), 'mail.example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(
      await within(dialog).findByText('A server certificate needs at least one DNS name or IP address.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

describe('certificate detail', () => {
  function setup(cert: typeof webCertificate, routes: Parameters<typeof fakeApi>[0] = {}) {
    const { api, calls } = fakeApi({
      'GET /api/pki/certificates': () => certs,
      [`GET /api/pki/certificates/${cert.id}`]: () => cert,
      'GET /api/pki/cas': () => cas,
      'GET /api/pki/crls': () => ({ data: [] }),
      ...routes,
    });
    const view = renderPki(<CertificateDetailPage />, {
      api,
      route: '/system/certificates/:id',
      path: `/system/certificates/${cert.id}`,
      state: resourcesState({ 'pki/certificates': certs, [`pki/certificates/${cert.id}`]: cert }),
    });
    return { ...view, calls };
  }

  test('shows names, fingerprint, extensions, what uses it and the expiry warning', () => {
    setup(webCertificate);
    expect(screen.getByText('www.example.test, example.test')).toBeInTheDocument();
    expect(screen.getByText('192.0.2.10')).toBeInTheDocument();
    expect(screen.getByText(webCertificate.fingerprint_sha256)).toBeInTheDocument();
    // Usages in words, not the appliance's identifiers.
    const extensions = screen.getByRole('region', { name: 'Extensions' });
    expect(within(extensions).getByText('Digital signature')).toBeInTheDocument();
    expect(within(extensions).getByText('TLS server authentication')).toBeInTheDocument();
    expect(extensions).not.toHaveTextContent(/digital_signature|server_auth/);
    expect(
      within(screen.getByRole('region', { name: 'Used by' })).getByText('console HTTPS listener (port 8443)'),
    ).toBeInTheDocument();
    expect(screen.getByText(/This certificate expires in (9|10) days/)).toBeInTheDocument();
  });

  test('a certificate whose CRL address is on localhost or 127.0.0.1 says other machines cannot reach it', () => {
    setup({
      ...webCertificate,
      crl_distribution_points: ['http://localhost:8080/api/pki/public/cas/6f1c/crl'],
    });
    const extensions = screen.getByRole('region', { name: 'Extensions' });
    expect(within(extensions).getByRole('note')).toHaveTextContent(
      /localhost:8080.*on the appliance's loopback, which no other machine can reach/,
    );
  });

  test('a public CRL address raises no warning', () => {
    setup(webCertificate);
    expect(screen.queryByText(/loopback/)).toBeNull();
  });

  test('renews in one click with the defaults', async () => {
    const user = userEvent.setup();
    const { calls } = setup(webCertificate, {
      [`POST /api/pki/certificates/${webCertificate.id}/renew`]: () => webCertificate,
    });
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/pki/certificates/${webCertificate.id}/renew`,
      body: {},
    });
  });

  test('revokes with the chosen reason', async () => {
    const user = userEvent.setup();
    const { calls } = setup(webCertificate, {
      [`POST /api/pki/certificates/${webCertificate.id}/revoke`]: () => ({
        ...webCertificate,
        status: 'revoked',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: /Revoke www\.example\.test/ });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'key_compromise');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'key_compromise' });
  });

  test('a revoked certificate says so and offers no revoke', () => {
    setup(revokedCertificate);
    const status = screen.getByText(/Revoked .* \(Key compromise\)\./);
    // The certificate's state, not an error of the page.
    expect(status).toHaveTextContent(/^Revoked .* \(Key compromise\)\.$/);
    expect(status).not.toHaveTextContent(/Error/);
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});

describe('a certificate the page cannot show', () => {
  const id = '00000000-0000-4000-8000-00000000abcd';
  const failure = (status: number | undefined) => () => {
    throw new ApiError({
      kind: status === undefined ? 'network' : 'bad_response',
      status,
      message: status === undefined ? 'Network error' : `Request failed with status code ${status}`,
      url: `/api/pki/certificates/${id}`,
      method: 'GET',
    });
  };
  const never = () => new Promise<never>(() => {});
  // Opened by a client navigation: nothing loaded yet, the page loads the certificate itself.
  function setup(routes: Parameters<typeof fakeApi>[0]) {
    const { api, calls } = fakeApi(routes);
    const view = renderPki(<CertificateDetailPage />, {
      api,
      route: '/system/certificates/:id',
      path: `/system/certificates/${id}`,
    });
    return { ...view, calls };
  }
  const known = { data: [...certs.data, { ...webCertificate, id }] };

  test('is the 404 naming the path when the appliance answers 404 for it, whatever the list says', async () => {
    const { store } = setup({ 'GET /api/pki/certificates': () => known });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(`/system/certificates/${id}`)).toBeInTheDocument();
    // The page is what says so: no error toast repeats it.
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().notifications.toasts).toEqual([]);
  });

  test('does not load the whole list of certificates, which may hold ten thousand of them', async () => {
    const { calls } = setup({ [`GET /api/pki/certificates/${id}`]: () => ({ ...webCertificate, id }) });
    expect(await screen.findByText(webCertificate.fingerprint_sha256)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([`/api/pki/certificates/${id}`]);
  });

  test('says its load failed, not that it does not exist, when the appliance fails otherwise; Try again loads it', async () => {
    const user = userEvent.setup();
    let answer: () => unknown = failure(500);
    setup({
      'GET /api/pki/certificates': () => known,
      [`GET /api/pki/certificates/${id}`]: () => answer(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The certificate could not be loaded: the appliance answered with an error (HTTP 500).',
    );
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
    expect(screen.queryByText(/does not exist/)).toBeNull();
    answer = () => ({ ...webCertificate, id });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(webCertificate.fingerprint_sha256)).toBeInTheDocument();
  });

  test('says the appliance could not be reached when no answer came', async () => {
    setup({ 'GET /api/pki/certificates': never, [`GET /api/pki/certificates/${id}`]: failure(undefined) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The certificate could not be loaded: the appliance could not be reached.',
    );
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });
});
