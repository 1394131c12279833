/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * What an appliance writes in its events (an alert's summary, an audit record's message, actor and object) is its
 * own word: the appliance page shows it as text, never as markup, whatever it holds. A new case is one row.
 */
import { screen, within } from '@testing-library/react';
import { RecentEvents } from '../../src/app/pages/system/fleet/RecentEvents';
import { fakeApi } from '../sagas/fakes';
import { resourcesState } from '../../stories/pages/fixtures';
import { renderPki } from '../app/pages/system/renderPki';
import {
  alertEvent,
  auditEvent,
  eventsKeyOf,
  eventsPage,
  online,
} from '../../stories/screens/system/fleetFixtures';
import type { FleetStoredEvent } from '../../src/shared/contracts/fleetStates';

const TEXTS: readonly string[] = [
  '<img src=x onerror="alert(1)">',
  '<script>alert(document.cookie)</script>',
  '<a href="javascript:alert(1)">click</a>',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example/"></iframe>',
  '"><b>bold</b>',
  '&lt;b&gt;entity&lt;/b&gt;',
  '{{constructor.constructor("alert(1)")()}}',
  '\u202egnp.exe',
];

/** Where an appliance's text lands in an event. */
const PLACES: ReadonlyArray<[string, (text: string) => FleetStoredEvent]> = [
  ['an alert summary', (text) => alertEvent(3, 'critical', text)],
  ['an audit message', (text) => auditEvent(2, text)],
  [
    'an audit actor and object',
    (text) => {
      const e = auditEvent(1, 'changed');
      const body = e.event as { audit: Record<string, unknown> };
      return { ...e, event: { ...body, audit: { ...body.audit, actor: text, object: text } } };
    },
  ],
];

describe.each(PLACES)('%s', (_place, eventOf) => {
  test.each(TEXTS.map((t) => [t]))('holding %j is shown as that text', (text) => {
    const key = eventsKeyOf(online.id);
    const { api } = fakeApi({});
    const { container } = renderPki(<RecentEvents id={online.id} />, {
      api,
      route: '/system/fleet/:id',
      path: `/system/fleet/${online.id}`,
      state: resourcesState({ [key]: eventsPage([eventOf(text)]) }),
    });
    const [row] = screen.getAllByRole('listitem');
    expect(row.textContent).toContain(text);
    expect(within(row).queryByRole('link')).toBeNull();
    expect(container.querySelector('img, script, a, svg, iframe, b')).toBeNull();
  });
});
