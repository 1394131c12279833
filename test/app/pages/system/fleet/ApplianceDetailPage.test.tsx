/** @jest-environment ./test/support/jsdom-environment.js */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ApiError, kindForStatus } from '../../../../../src/api/errors';
import { ApplianceDetailPage } from '../../../../../src/app/pages/system/fleet/ApplianceDetailPage';
import type { FleetAppliance } from '../../../../../src/shared/contracts/fleetEnrolment';
import { fakeApi } from '../../../../sagas/fakes';
import { resourcesState } from '../../../../../stories/pages/fixtures';
import { renderPki } from '../renderPki';
import {
  alertEvent,
  auditEvent,
  detailOf,
  eventsKeyOf,
  eventsPage,
  manyEvents,
  MARKUP_EVENT,
  markupNamed,
  MARKUP_NAME,
  neverConnected,
  online,
  recentEvents,
} from '../../../../../stories/screens/system/fleetFixtures';

type Page = ReturnType<typeof eventsPage>;

/** The page of an appliance, its detail loaded; its events as `events` (preloaded) or answered by `routes`. */
function setup(
  a: FleetAppliance,
  routes: Parameters<typeof fakeApi>[0] = {},
  { events = eventsPage(recentEvents) as Page | null } = {},
) {
  const detail = detailOf(a);
  const { api, calls } = fakeApi({
    [`GET /api/fleet/appliances/${a.id}`]: () => detail,
    [`GET /api/${eventsKeyOf(a.id)}`]: () => events ?? eventsPage([]),
    ...routes,
  });
  const view = renderPki(<ApplianceDetailPage />, {
    api,
    route: '/system/fleet/:id',
    path: `/system/fleet/${a.id}`,
    state: resourcesState({
      [`fleet/appliances/${a.id}`]: detail,
      ...(events ? { [eventsKeyOf(a.id)]: events } : {}),
    }),
  });
  return { ...view, calls };
}
const eventsRegion = () => screen.getByRole('region', { name: 'Recent events' });
const eventRows = () => within(eventsRegion()).getAllByRole('listitem');
const failure = (status: number, url: string) =>
  new ApiError({
    kind: kindForStatus(status),
    status,
    message: `HTTP ${status}`,
    url,
    method: 'GET',
    data: {},
  });
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
    // What its record says of its services, host and configuration, in words.
    expect(within(live).getByText('DNS proxy running, SSH running')).toBeInTheDocument();
    expect(within(live).getByText('12 d 0 h')).toBeInTheDocument();
    expect(within(live).getByText('0.12 0.20 0.18')).toBeInTheDocument();
    expect(within(live).getByText('#42')).toBeInTheDocument();
    expect(within(live).getByText(/^Succeeded /)).toBeInTheDocument();
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

  test('its recent events, newest first: time, kind, severity where it has one, and the text', () => {
    setup(online);
    const rows = eventRows();
    expect(rows).toHaveLength(5);
    const [fired, resolved, audit, refused, info] = rows;
    expect(within(fired).getByText('Alert fired')).toBeInTheDocument();
    expect(within(fired).getByText('Critical')).toBeInTheDocument();
    expect(within(fired).getByText('Certificate www.example.net expires in 2 days')).toBeInTheDocument();
    expect(within(fired).getByText(/\d\d:\d\d:\d\d$/).tagName).toBe('TIME');
    expect(within(resolved).getByText('Alert resolved')).toBeInTheDocument();
    expect(within(resolved).getByText('Warning')).toBeInTheDocument();
    expect(within(audit).getByText('Audit')).toBeInTheDocument();
    expect(audit).toHaveTextContent('DNS proxy settings changed');
    expect(audit).toHaveTextContent('admin · console · dns/proxy');
    expect(within(audit).queryByText(/Critical|Warning|Information|Failed/)).toBeNull();
    expect(within(refused).getByText('Failed')).toBeInTheDocument();
    expect(within(info).getByText('Information')).toBeInTheDocument();
    // The last page: nothing older to ask for.
    expect(within(eventsRegion()).queryByRole('button', { name: 'Older events' })).toBeNull();
  });

  test('"Older events" asks for the events before the last one shown and appends them', async () => {
    const user = userEvent.setup();
    const first = manyEvents(200, 50);
    const olderUrl = `/api/${eventsKeyOf(online.id, 151)}`;
    const { calls } = setup(
      online,
      { [`GET ${olderUrl}`]: () => eventsPage(manyEvents(150, 20)) },
      { events: eventsPage(first, 151) },
    );
    expect(eventRows()).toHaveLength(50);
    await user.click(within(eventsRegion()).getByRole('button', { name: 'Older events' }));
    await waitFor(() => expect(eventRows()).toHaveLength(70));
    expect(calls.map((c) => c.url)).toContain(olderUrl);
    expect(eventRows()[0]).toHaveTextContent('Alert number 200');
    expect(eventRows()[50]).toHaveTextContent('Configuration revision 150 applied');
    expect(eventRows()[69]).toHaveTextContent('Alert number 131');
    expect(within(eventsRegion()).queryByRole('button', { name: 'Older events' })).toBeNull();
  });

  test('every 5 seconds the newest events are asked again: new ones on top, older pages kept', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      let newest = eventsPage(manyEvents(200, 50), 151);
      const { calls } = setup(
        online,
        {
          [`GET /api/${eventsKeyOf(online.id)}`]: () => newest,
          [`GET /api/${eventsKeyOf(online.id, 151)}`]: () => eventsPage(manyEvents(150, 10)),
        },
        { events: newest },
      );
      await user.click(within(eventsRegion()).getByRole('button', { name: 'Older events' }));
      await waitFor(() => expect(eventRows()).toHaveLength(60));
      // Three new events: the newest page now ends three above where the first one did.
      newest = eventsPage([auditEvent(203, 'Just now'), ...manyEvents(202, 49)], 154);
      await act(async () => {
        jest.advanceTimersByTime(5000);
      });
      await waitFor(() => expect(eventRows()).toHaveLength(63));
      expect(eventRows()[0]).toHaveTextContent('Just now');
      // Nothing between the newest page and the older one went missing (152 fell off the newest page), and none
      // shows twice.
      const texts = eventRows().map((li) => li.textContent);
      expect(new Set(texts).size).toBe(63);
      expect(texts.filter((t) => t?.includes('Alert number 152'))).toHaveLength(1);
      expect(eventRows()[62]).toHaveTextContent('Configuration revision 141 applied');
      const polls = calls.filter((c) => c.url === `/api/${eventsKeyOf(online.id)}`);
      expect(polls.at(-1)?.headers).toEqual(expect.objectContaining({ 'x-rampart-passive': '1' }));
    } finally {
      jest.useRealTimers();
    }
  });

  test('an appliance with no events yet says so', () => {
    setup(online, {}, { events: eventsPage([]) });
    expect(within(eventsRegion()).getByText('No events yet.')).toBeInTheDocument();
    expect(within(eventsRegion()).queryByRole('list')).toBeNull();
  });

  test('events that could not be loaded say why, and "Try again" loads them', async () => {
    const user = userEvent.setup();
    const url = `/api/${eventsKeyOf(online.id)}`;
    let fail = true;
    setup(
      online,
      {
        [`GET ${url}`]: () => {
          if (fail) throw failure(503, url);
          return eventsPage(recentEvents);
        },
      },
      { events: null },
    );
    expect(await within(eventsRegion()).findByRole('alert')).toHaveTextContent(
      'The events could not be loaded: the appliance answered with an error (HTTP 503).',
    );
    fail = false;
    await user.click(within(eventsRegion()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(eventRows()).toHaveLength(5));
    expect(within(eventsRegion()).queryByRole('alert')).toBeNull();
  });

  test('older events that could not be loaded say so under the list, which stays, and can be asked again', async () => {
    const user = userEvent.setup();
    const url = `/api/${eventsKeyOf(online.id, 151)}`;
    let fail = true;
    setup(
      online,
      {
        [`GET ${url}`]: () => {
          if (fail) throw failure(500, url);
          return eventsPage(manyEvents(150, 5));
        },
      },
      { events: eventsPage(manyEvents(200, 50), 151) },
    );
    await user.click(within(eventsRegion()).getByRole('button', { name: 'Older events' }));
    expect(await within(eventsRegion()).findByRole('alert')).toHaveTextContent(
      'The older events could not be loaded',
    );
    expect(eventRows()).toHaveLength(50);
    fail = false;
    await user.click(within(eventsRegion()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(eventRows()).toHaveLength(55));
  });

  test('an event text with markup is shown as text, never as elements', () => {
    const { container } = setup(
      online,
      {},
      { events: eventsPage([alertEvent(9, 'critical', MARKUP_EVENT)]) },
    );
    expect(within(eventsRegion()).getByText(MARKUP_EVENT)).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(eventsRegion().querySelector('b')).toBeNull();
  });

  test('a name with markup is its heading as text', () => {
    const { container } = setup(markupNamed);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(MARKUP_NAME);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});
