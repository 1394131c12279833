/**
 * A group's document and its plan, closed as classes (a new case is one row):
 * - a group's document holds fleet sections only (FLEET_SECTIONS), never a field that stays each appliance's own,
 *   and is shaped as a configuration document; anything else is refused (422/413 items) and nothing is saved;
 * - an appliance plans only what a fleet may set, whatever it is sent: a request that does not fit is answered
 *   refused, with nothing changed;
 * - the manager shows no answer that does not fit the plan contract (bounded, closed, no control characters, the
 *   appliance's own id): it is dropped with its reason.
 */
import crypto from 'node:crypto';
import { planForFleet } from '../../src/appliance/fleet/plan/answer';
import { checkPlanAnswer } from '../../src/appliance/fleet/plan/request';
import { FLEET_GROUP_DOCUMENT_MAX_BYTES } from '../../src/shared/contracts/fleetGroups';
import { FLEET_PLAN_ANSWER_MAX_BYTES, FLEET_PLAN_MAX_CHANGES } from '../../src/shared/contracts/fleetPlans';
import { adminAgent, startServer, type Agent, type Harness } from '../appliance/support/harness';

let h: Harness;
let admin: Agent;
beforeAll(async () => {
  h = await startServer();
  admin = await adminAgent(h);
});
afterAll(() => h.close());

const doc = (sections: object, extra: object = {}) => ({ format: 'rampart-config/1', sections, ...extra });

/** Refused group documents: [what, body, status, loc of the first item (null: the status says it), type]. */
const REFUSED_DOCUMENTS: ReadonlyArray<
  [string, unknown, number, Array<string | number> | null, string | null]
> = [
  [
    'an account section',
    doc({ 'authentication.accounts': {} }),
    422,
    ['body', 'sections', 'authentication.accounts'],
    'value_error.fleet.section',
  ],
  [
    'the CAs',
    doc({ 'pki.authorities': {} }),
    422,
    ['body', 'sections', 'pki.authorities'],
    'value_error.fleet.section',
  ],
  [
    'the fleet’s own settings',
    doc({ 'settings.fleet': {} }),
    422,
    ['body', 'sections', 'settings.fleet'],
    'value_error.fleet.section',
  ],
  [
    'a section no appliance has',
    doc({ nonsense: {} }),
    422,
    ['body', 'sections', 'nonsense'],
    'value_error.fleet.section',
  ],
  [
    'the host name',
    doc({ 'network.preferences': { preferences: { hostname: 'edge' } } }),
    422,
    ['body', 'sections', 'network.preferences', 'preferences', 'hostname'],
    'value_error.fleet.appliance_field',
  ],
  [
    'a section that is a list',
    doc({ 'dns.proxy': [] }),
    422,
    ['body', 'sections', 'dns.proxy'],
    'type_error.dict',
  ],
  [
    'an entity that is text',
    doc({ 'dns.proxy': { settings: 'x' } }),
    422,
    ['body', 'sections', 'dns.proxy', 'settings'],
    'type_error.dict',
  ],
  [
    'another format',
    { format: 'rampart-config/9', sections: {} },
    422,
    ['body', 'format'],
    'value_error.config.format',
  ],
  ['an unknown top-level field', doc({}, { extra: 1 }), 422, null, null],
  ['no sections', { format: 'rampart-config/1' }, 422, null, null],
  [
    'a body over the limit',
    doc({ 'dns.proxy': { settings: { pad: 'x'.repeat(FLEET_GROUP_DOCUMENT_MAX_BYTES) } } }),
    413,
    null,
    null,
  ],
];

describe('a group’s document', () => {
  test.each(REFUSED_DOCUMENTS)('refuses %s, saving nothing', async (_what, body, status, loc, type) => {
    const res = await admin.put('/api/fleet/groups/north/document', body);
    expect(res.statusCode).toBe(status);
    if (loc) expect(res.json().detail[0]).toMatchObject({ loc, type });
    expect((await admin.get('/api/fleet/groups/north/document')).json().revision).toBe(0);
  });

  // The console's own path check refuses control characters before any route (400); the route's schema the rest.
  test.each([
    ['a control character', 'north\u001b[2J', 400],
    ['a line feed', 'no\nrth', 400],
    ['more than 64 characters', 'n'.repeat(65), 422],
  ])('refuses a group name with %s', async (_what, name, status) => {
    const res = await admin.put(`/api/fleet/groups/${encodeURIComponent(name)}/document`, doc({}));
    expect(res.statusCode).toBe(status);
    expect((await admin.get('/api/fleet/groups')).json().data).toEqual([]);
  });

  test.each(REFUSED_DOCUMENTS.filter(([, , status]) => status === 422))(
    'a draft plan refuses %s too',
    async (_what, body) => {
      const res = await admin.post('/api/fleet/groups/north/plan', { document: body });
      expect(res.statusCode).toBe(422);
    },
  );
});

const request = (sections: object, extra: object = {}) =>
  Buffer.from(
    JSON.stringify({
      format: 'rampart-fleet-plan-request/1',
      group: 'north',
      revision: 1,
      sections,
      ...extra,
    }),
  );

/** Requests an appliance refuses: [what, bytes, what its reason says]. */
const REFUSED_REQUESTS: ReadonlyArray<[string, Uint8Array, RegExp]> = [
  ['bytes that are not JSON', Buffer.from('{"format":'), /not JSON/],
  ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x7b]), /not JSON/],
  ['another format', request({}, { format: 'rampart-fleet-plan-request/9' }), /does not fit/],
  ['an unknown field', request({}, { apply: true }), /does not fit/],
  ['an account section', request({ 'authentication.accounts': {} }), /not a section a fleet may set/],
  ['the CAs', request({ 'pki.authorities': {} }), /not a section a fleet may set/],
];

describe('an appliance’s plan of a request', () => {
  const id = crypto.randomUUID();
  test.each(REFUSED_REQUESTS)('refuses %s, changing nothing', async (_what, bytes, reason) => {
    const before = JSON.stringify((await admin.get('/api/config')).json().sections);
    const answer = await planForFleet(h.ctx, id, bytes);
    expect(answer).toMatchObject({ id, outcome: 'refused' });
    expect(answer.refusals.map((r) => r.msg).join('; ')).toMatch(reason);
    expect(JSON.stringify((await admin.get('/api/config')).json().sections)).toBe(before);
  });

  it('keeps its own host name whatever the group’s document says', async () => {
    await admin.put('/api/network/preferences', {
      hostname: 'edge-own',
      domain: 'example.net',
      dns_servers: [],
      ntp_servers: [],
      timezone: 'UTC',
    });
    const answer = await planForFleet(
      h.ctx,
      id,
      request({
        'network.preferences': {
          preferences: {
            hostname: 'taken-over',
            domain: 'example.org',
            dns_servers: [],
            ntp_servers: [],
            timezone: 'UTC',
          },
        },
      }),
    );
    const lines = answer.plan?.changes.map((c) => c.line).join('\n') ?? '';
    expect(lines).toContain('example.org');
    expect(lines).not.toContain('taken-over');
  });
});

const id = crypto.randomUUID();
const answer = (
  extra: object = {},
  plan: object | null = {
    format: 'rampart-config/1',
    changes: [],
    unknown_sections: [],
    missing_sections: [],
  },
) =>
  Buffer.from(
    JSON.stringify({ format: 'rampart-fleet-plan/1', id, outcome: 'planned', plan, refusals: [], ...extra }),
  );
const change = (line: string) => ({
  section: 'dns.proxy',
  id: 'settings',
  title: 'DNS proxy',
  op: 'changed',
  line,
  lockout_prone: false,
});

/** Answers the manager drops: [what, bytes, reason]. */
const DROPPED_ANSWERS: ReadonlyArray<[string, Uint8Array, string]> = [
  ['not JSON', Buffer.from('<html>'), 'malformed'],
  ['not UTF-8', Buffer.from([0xc3, 0x28]), 'malformed'],
  ['over the bound', Buffer.alloc(FLEET_PLAN_ANSWER_MAX_BYTES + 1, 0x20), 'oversized'],
  ['another format', answer({ format: 'rampart-fleet-plan/9' }), 'contract'],
  ['an unknown field', answer({ html: '<b>x</b>' }), 'contract'],
  ['an unknown outcome', answer({ outcome: 'applied' }), 'contract'],
  [
    'an escape sequence in a line',
    answer(
      {},
      {
        format: 'rampart-config/1',
        changes: [change('\u001b[2Jcleared')],
        unknown_sections: [],
        missing_sections: [],
      },
    ),
    'contract',
  ],
  [
    'a line feed in a refusal',
    answer({ outcome: 'refused', plan: null, refusals: [{ section: 'ssh', id: null, msg: 'a\nb' }] }),
    'contract',
  ],
  [
    'too many changes',
    answer(
      {},
      {
        format: 'rampart-config/1',
        changes: Array.from({ length: FLEET_PLAN_MAX_CHANGES + 1 }, () => change('x')),
        unknown_sections: [],
        missing_sections: [],
      },
    ),
    'contract',
  ],
  ['another appliance’s id', answer({ id: crypto.randomUUID() }), 'id_mismatch'],
];

describe('the manager’s check of an answer', () => {
  test.each(DROPPED_ANSWERS)('drops %s', (_what, bytes, reason) => {
    expect(checkPlanAnswer(id, bytes)).toMatchObject({ ok: false, reason });
  });

  it('takes a well-formed answer, markup as plain text', () => {
    const ok = answer(
      {},
      {
        format: 'rampart-config/1',
        changes: [change('upstream <b>9.9.9.9</b> added')],
        unknown_sections: [],
        missing_sections: [],
      },
    );
    expect(checkPlanAnswer(id, ok)).toMatchObject({ ok: true });
  });
});
