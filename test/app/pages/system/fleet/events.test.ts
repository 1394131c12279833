/** An appliance's stored events in words, and how the newest page joins the older pages already shown. */
import { eventWords, followNewest } from '../../../../../src/app/pages/system/fleet/events';
import type { FleetStoredEvent } from '../../../../../src/shared/contracts/fleetStates';
import {
  alertEvent,
  auditEvent,
  eventsPage,
  manyEvents,
} from '../../../../../stories/screens/system/fleetFixtures';

const seqs = (events: FleetStoredEvent[] | null) => events?.map((e) => e.seq);

describe('the newest page joining what is shown', () => {
  test('new events go on top, and those that fell off the newest page stay', () => {
    const held = manyEvents(200, 50);
    const joined = followNewest(held, eventsPage(manyEvents(203, 50), 154));
    expect(seqs(joined)).toEqual(Array.from({ length: 53 }, (_, i) => 203 - i));
  });

  test('a newest page that does not reach what is held (more new events than a page) gives up the older pages', () => {
    expect(followNewest(manyEvents(200, 50), eventsPage(manyEvents(300, 50), 251))).toBeNull();
  });

  test('a newest page that is the whole list joins whatever is held', () => {
    expect(seqs(followNewest(manyEvents(10, 2), eventsPage(manyEvents(30, 3), null)))).toEqual([
      30, 29, 28, 10, 9,
    ]);
  });
});

describe('an event in words', () => {
  test('an alert: its kind, severity and summary; an audit record: its message, who, how and what', () => {
    expect(eventWords(alertEvent(1, 'critical', 'Disk full', 'alert_resolved'))).toEqual({
      kind: 'Alert resolved',
      severity: 'Critical',
      severityTone: 'critical',
      text: 'Disk full',
    });
    expect(eventWords(auditEvent(2, 'Sign-in refused', 'failure'))).toEqual({
      kind: 'Audit',
      text: 'Sign-in refused',
      detail: 'admin · console · dns/proxy',
      failed: true,
    });
  });

  test.each([
    ['no body', null],
    ['a body of another shape', { alert: 'critical' }],
    ['fields that are not text', { alert: { severity: 7, summary: { html: '<b>x</b>' } } }],
  ])('an alert with %s shows its kind and a dash, nothing made up', (_what, event) => {
    const stored = { ...alertEvent(3, 'warning', 'x'), event };
    expect(eventWords(stored)).toEqual({ kind: 'Alert fired', text: '—' });
  });
});
