/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ApplianceDetailPage } from '../../../../../src/app/pages/system/fleet/ApplianceDetailPage';
import type { FleetAppliance } from '../../../../../src/shared/contracts/fleetEnrolment';
import { fakeApi } from '../../../../sagas/fakes';
import { resourcesState } from '../../../../../stories/pages/fixtures';
import { renderPki } from '../renderPki';
import {
  detailOf,
  markupNamed,
  MARKUP_NAME,
  neverConnected,
  online,
} from '../../../../../stories/screens/system/fleetFixtures';

function setup(a: FleetAppliance, routes: Parameters<typeof fakeApi>[0] = {}) {
  const detail = detailOf(a);
  const { api, calls } = fakeApi({
    [`GET /api/fleet/appliances/${a.id}`]: () => detail,
    ...routes,
  });
  const view = renderPki(<ApplianceDetailPage />, {
    api,
    route: '/system/fleet/:id',
    path: `/system/fleet/${a.id}`,
    state: resourcesState({ [`fleet/appliances/${a.id}`]: detail }),
  });
  return { ...view, calls };
}
const withConsole = (url: string | null): FleetAppliance => ({
  ...online,
  live: { ...online.live!, console_url: url },
});

describe('an appliance of the fleet', () => {
  test('its live state, its certificate and its enrolment history; no axe findings', async () => {
    const { container } = setup(online);
    const live = screen.getByRole('region', { name: 'Live state' });
    expect(within(live).getByText('1 critical, 2 warning')).toBeInTheDocument();
    expect(within(live).getByText('1.4.0')).toBeInTheDocument();
    expect(within(live).getByText('In sync')).toBeInTheDocument();
    const cert = screen.getByRole('region', { name: 'Certificate' });
    expect(within(cert).getByRole('link', { name: 'Its certificate' })).toHaveAttribute(
      'href',
      '/system/certificates/cert-branch-01',
    );
    const history = within(screen.getByRole('region', { name: 'Enrolment history' })).getAllByRole(
      'listitem',
    );
    expect(history.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/Added by admin: one-time code issued$/),
      expect.stringMatching(/Enrolled by system: certificate 0a1b2c$/),
    ]);
    expect((await axe(container)).violations).toEqual([]);
  });

  test('an https console address is a plain link opening apart from this console', () => {
    setup(withConsole('https://branch-01.example.net:8443/'));
    const links = screen.getAllByRole('link', { name: 'Open its console' });
    for (const link of links) {
      expect(link).toHaveAttribute('href', 'https://branch-01.example.net:8443/');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(links.length).toBeGreaterThan(0);
  });

  test.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example/'],
    ['not a url'],
  ])('a console address that is not http(s) (%s) is shown as text, never linked', (url) => {
    setup(withConsole(url));
    expect(screen.queryByRole('link', { name: 'Open its console' })).toBeNull();
    expect(screen.getByText(`${url} (not an http(s) address: not linked)`)).toBeInTheDocument();
  });

  test('one that never connected says so instead of a live state', () => {
    setup(neverConnected);
    expect(
      within(screen.getByRole('region', { name: 'Live state' })).getByText(
        'Never connected: no state record from this appliance yet.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open its console' })).toBeNull();
  });

  test('its live state is asked again every 5 seconds', async () => {
    jest.useFakeTimers();
    try {
      const { calls } = setup(online);
      const url = `/api/fleet/appliances/${online.id}`;
      const before = calls.filter((c) => c.url === url).length;
      await act(async () => {
        jest.advanceTimersByTime(5000);
      });
      await waitFor(() => expect(calls.filter((c) => c.url === url).length).toBe(before + 1));
    } finally {
      jest.useRealTimers();
    }
  });

  test('remove asks first, then deletes and goes back to the fleet', async () => {
    const user = userEvent.setup();
    const { calls, router } = setup(online, {
      [`DELETE /api/fleet/appliances/${online.id}`]: () => undefined,
      'GET /api/fleet/appliances': () => ({ data: [], total: 0, page: 1, per_page: 50 }),
      'GET /api/fleet/summary': () => ({}),
    });
    await user.click(screen.getByRole('button', { name: 'Remove from fleet' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Remove branch-01 from the fleet?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/fleet'));
  });

  test('a name with markup is its heading as text', () => {
    const { container } = setup(markupNamed);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(MARKUP_NAME);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});
