/** @jest-environment ./test/support/jsdom-environment.js */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { CaDetailPage } from '../../../../src/app/pages/system/authorities/CaDetailPage';
import { CaListPage } from '../../../../src/app/pages/system/authorities/CaListPage';
import { fakeApi } from '../../../sagas/fakes';
import { resourcesState } from '../../../../stories/pages/fixtures';
import { FIRST_PAGE, importedCa, paged, rootCa } from '../../../../stories/screens/system/fixtures';
import { renderPki } from './renderPki';

const list = { data: [rootCa, importedCa] };

describe('certificate authorities list', () => {
  const firstPage = paged([rootCa, importedCa]);
  function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
    const { api, calls } = fakeApi({
      'GET /api/pki/cas': () => list,
      [`GET /api/${FIRST_PAGE.cas}`]: () => ({ ...firstPage }),
      'GET /api/pki/crls': () => ({ data: [] }),
      ...routes,
    });
    const view = renderPki(<CaListPage />, {
      api,
      route: '/system/certificate-authorities',
      path: '/system/certificate-authorities',
      state: resourcesState({ 'pki/cas': list, [FIRST_PAGE.cas]: firstPage }),
    });
    return { ...view, calls };
  }
  const table = () => screen.getByRole('table', { name: 'Certificate authorities' });

  test('lists the authorities with status, and expired ones are flagged; no axe findings', async () => {
    const { container } = setup();
    expect(within(table()).getByRole('rowheader', { name: /Lab root/ })).toBeInTheDocument();
    expect(within(table()).getByText('Expired')).toBeInTheDocument();
    expect((await axe(container)).violations).toEqual([]);
  });

  test('says how many authorities there are and links each name to its page', () => {
    setup();
    expect(screen.getByText('2 certificate authorities')).toHaveAttribute('role', 'status');
    expect(within(table()).getByRole('link', { name: rootCa.name })).toHaveAttribute(
      'href',
      `/system/certificate-authorities/${rootCa.id}`,
    );
    expect(screen.queryByRole('button', { name: /Details/ })).toBeNull();
  });

  test('the kind filter asks the appliance for the matching page', async () => {
    const user = userEvent.setup();
    const roots = '/api/pki/cas?kind=root&page=1&per_page=50&sort=name';
    const { calls, router } = setup({ [`GET ${roots}`]: () => paged([rootCa]) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'root');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(roots));
    expect(router.state.location.search).toBe('?kind=root');
    await waitFor(() => expect(within(table()).queryByRole('link', { name: importedCa.name })).toBeNull());
  });

  test('deletes the selected authorities in one request and names the one kept', async () => {
    const user = userEvent.setup();
    const { calls, store } = setup({
      'POST /api/pki/cas/bulk': () => ({
        done: [importedCa.id],
        refused: [
          {
            id: rootCa.id,
            name: rootCa.name,
            reason: 'this CA still has 0 intermediate CA(s) and 3 certificate(s); delete them first',
          },
        ],
      }),
    });
    await user.click(screen.getByRole('checkbox', { name: /Select all/ }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 certificate authorities' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 certificate authorities' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/pki/cas/bulk', { action: 'delete', ids: [rootCa.id, importedCa.id] }],
    ]);
    await waitFor(() =>
      expect(store.getState().notifications.toasts).toEqual([
        expect.objectContaining({
          level: 'warning',
          message: `1 certificate authority deleted; 1 kept: ${rootCa.name} (this CA still has 0 intermediate CA(s) and 3 certificate(s); delete them first).`,
        }),
      ]),
    );
  });

  test('creates a root authority with the subject nested and the validity as a number', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ 'POST /api/pki/cas': (b) => ({ ...rootCa, ...(b as object) }) });
    await user.click(screen.getByRole('button', { name: 'Create authority' }));
    const dialog = screen.getByRole('dialog', { name: 'Create certificate authority' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Office root');
    await user.type(within(dialog).getByRole('textbox', { name: /Common name/ }), 'Office Root CA');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Office root',
      key_type: 'ec-p256',
      validity_days: 3650,
      parent_id: null,
      subject: { common_name: 'Office Root CA' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('refuses to create without a common name, sending nothing', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Create authority' }));
    const dialog = screen.getByRole('dialog', { name: 'Create certificate authority' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Office root');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('This field is required.')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  test('imports an authority from its PEM file', async () => {
    const user = userEvent.setup();
    const { calls } = setup({ 'POST /api/pki/cas/import': () => importedCa });
    await user.click(screen.getByRole('button', { name: 'Import authority' }));
    const dialog = screen.getByRole('dialog', { name: 'Import certificate authority' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Partner');
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    await user.upload(
      within(dialog).getByLabelText(/CA certificate/),
      new File([pem], 'ca.pem', { type: 'application/x-pem-file' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Partner', certificate: pem });
  });
});

describe('certificate authority detail', () => {
  function setup(id: string, entities: Record<string, unknown>) {
    const { api, calls } = fakeApi({ 'GET /api/pki/cas': () => list });
    const view = renderPki(<CaDetailPage />, {
      api,
      route: '/system/certificate-authorities/:id',
      path: `/system/certificate-authorities/${id}`,
      state: resourcesState({ 'pki/cas': list, ...entities }),
    });
    return { ...view, calls };
  }

  test('shows subject, fingerprint, chain, CRL and download links', () => {
    setup(rootCa.id, { [`pki/cas/${rootCa.id}`]: rootCa });
    expect(screen.getByRole('heading', { name: /^Lab root/, level: 1 })).toBeInTheDocument();
    expect(screen.getByText(rootCa.fingerprint_sha256)).toBeInTheDocument();
    expect(screen.getByText(/Number 2, published/)).toBeInTheDocument();
    // Key usages in words, not the appliance's identifiers.
    expect(screen.getByText('Certificate signing, CRL signing, Digital signature')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download certificate (DER)' })).toHaveAttribute(
      'href',
      `/api/pki/cas/${rootCa.id}/certificate?format=der`,
    );
  });

  test('an id the appliance does not know is the 404 naming the path', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const { store } = setup(id, {});
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(`/system/certificate-authorities/${id}`)).toBeInTheDocument();
    // The appliance is asked too (and answers 404); the page stays the 404.
    await waitFor(() => expect(store.getState().resources.entries[`pki/cas/${id}`]?.status).toBe('failed'));
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
