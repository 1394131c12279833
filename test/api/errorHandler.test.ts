import { typeMessages, statusMessages, messageForType, fillTemplate } from '../../src/api/errorCatalogue';
import {
  deserializeError,
  errorActions,
  fieldNameOf,
  interpretError,
  serializeError,
  type ErrorOutcome,
} from '../../src/api/errorHandler';
import { ApiError } from '../../src/api/errors';
import { CONFLICT_MS_PER_ITEM, ERROR_DURATION_MS } from '../../src/notifications/constants';

const apiError = (
  status: number | undefined,
  data?: unknown,
  rawText?: string,
  kind: ApiError['kind'] = 'bad_request',
) =>
  new ApiError({
    kind,
    status,
    data,
    rawText,
    message: status ? `Request failed with status code ${status}` : 'Network Error',
    url: '/api/x',
    method: 'POST',
  });
const toast = (message: string, duration = ERROR_DURATION_MS): ErrorOutcome => ({
  kind: 'notification',
  message,
  duration,
});

describe('by response status (spec §8)', () => {
  it.each<[string, unknown, ErrorOutcome[]]>([
    ['401', apiError(401, { detail: 'Not authenticated' }), [toast(statusMessages[401])]],
    ['403', apiError(403, { detail: 'Forbidden' }), [toast(statusMessages[403])]],
    ['404 without data', apiError(404), [toast(statusMessages[404])]],
    ['404 with detail string', apiError(404, { detail: 'No such user' }), [toast('No such user')]],
    [
      '404 with field errors',
      apiError(404, { detail: [{ loc: ['path', 'user_id'], msg: 'm', type: 'value_error.missing' }] }),
      [{ kind: 'field', name: 'user_id', message: 'This field is required.' }],
    ],
    ['400 without detail', apiError(400, {}), [toast(statusMessages.validation)]],
    [
      '409 with detail string',
      apiError(409, { detail: 'Name already taken' }),
      [toast('Name already taken')],
    ],
    [
      '422 with field list',
      apiError(422, {
        detail: [
          {
            loc: ['body', 'hostname'],
            msg: 'bad',
            type: 'value_error.any_str.max_length',
            ctx: { limit_value: 63 },
          },
        ],
      }),
      [{ kind: 'field', name: 'hostname', message: 'Enter at most 63 characters.' }],
    ],
    ['422 with empty list', apiError(422, { detail: [] }), [toast(statusMessages.validation)]],
    ['500', apiError(500, { detail: 'Traceback…' }, undefined, 'bad_response'), [toast(statusMessages[500])]],
    [
      '502 other with data',
      apiError(502, { detail: 'Upstream down' }, undefined, 'bad_response'),
      [toast('Upstream down')],
    ],
    ['418 other with object data', apiError(418, { teapot: true }), [toast('{"teapot":true}')]],
    [
      '503 unparsable raw text',
      apiError(503, undefined, 'Service Unavailable', 'bad_response'),
      [toast('Service Unavailable')],
    ],
    [
      '504 unparsable, empty',
      apiError(504, undefined, '  ', 'bad_response'),
      [toast(statusMessages.generic)],
    ],
    ['network error', apiError(undefined, undefined, undefined, 'network'), [toast('Network Error')]],
    ['plain Error', new Error('boom'), [toast('boom')]],
    ['a thrown string', 'weird', [toast(statusMessages.generic)]],
  ])('%s', (_name, error, expected) => {
    expect(interpretError(error)).toEqual(expected);
  });
});

describe('detail lists', () => {
  it('notifies items without a field location, then highlights the first located field and stops', () => {
    const out = interpretError(
      apiError(422, {
        detail: [
          { loc: [], msg: 'General problem', type: 'value_error' },
          { loc: ['body', 'dns', 'servers', 0], msg: 'bad ip', type: 'value_error.ipv4address' },
          { loc: ['body', 'other'], msg: 'never reached', type: 'value_error.missing' },
        ],
      }),
    );
    expect(out).toEqual([
      toast('General problem'),
      { kind: 'field', name: 'dns.servers.0', message: 'Enter a valid IPv4 address.' },
    ]);
  });
  it('an item that requires confirmation becomes a sticky modal titled from the item', () => {
    expect(
      interpretError(
        apiError(409, {
          detail: [{ msg: 'Reboot needed', type: 'x', requiresConfirmation: true, title: 'Reboot' }],
        }),
      ),
    ).toEqual([{ kind: 'sticky', title: 'Reboot', message: 'Reboot needed' }]);
  });
  it.each([
    [
      'status_error.conflicting_users',
      { users: ['ann', 'bob', 'cy'] },
      'These users are in conflict: ann, bob, cy.',
      3,
    ],
    [
      'status_error.conflicting_groups',
      { groups: [{ name: 'admins' }] },
      'These groups are in conflict: admins.',
      1,
    ],
  ])('%s lists the conflicts for 2500 ms per item', (type, ctx, message, n) => {
    expect(
      interpretError(apiError(409, { detail: [{ loc: ['body', 'members'], type, ctx, msg: '' }] })),
    ).toEqual([toast(message, n * CONFLICT_MS_PER_ITEM)]);
  });
  it.each([
    [['body', 'a'], 'a'],
    [['query', 'page'], 'page'],
    [['body'], undefined],
    [['settings', 'name'], 'settings.name'],
    [[], undefined],
    [undefined, undefined],
  ])('field name of %j is %s', (loc, name) => {
    expect(fieldNameOf(loc as Array<string | number> | undefined)).toBe(name);
  });
});

describe('type code catalogue (every row)', () => {
  const ctx = {
    limit_value: 5,
    min_length: 2,
    max_length: 9,
    gt: 1,
    ge: 1,
    lt: 9,
    le: 9,
    multiple_of: 3,
    max_digits: 4,
    decimal_places: 2,
    whole_digits: 2,
    path: '/x',
    required_version: 4,
    brand: 'Visa',
    unit: 'XB',
    enum_values: ['a', 'b'],
    expected: "'a' or 'b'",
    given: 'z',
    expected_class: 'Base',
    expected_arbitrary_type: 'T',
    class_name: 'C',
  };
  it.each(Object.entries(typeMessages))('%s → %s', (type, template) => {
    const message = messageForType(type, ctx, 'server text');
    expect(message).toBe(fillTemplate(template, ctx));
    expect(message).not.toMatch(/\{\w+\}/);
    expect(message.length).toBeGreaterThan(3);
  });
  it('an unknown type falls back to the server message, then to the generic validation message', () => {
    expect(messageForType('value_error.unknown', undefined, 'Server says no')).toBe('Server says no');
    expect(messageForType(undefined, undefined, undefined)).toBe(statusMessages.validation);
  });
  it('a template missing its context falls back to the server message', () => {
    expect(
      messageForType('value_error.any_str.min_length', {}, 'ensure this value has at least 3 characters'),
    ).toBe('ensure this value has at least 3 characters');
  });
  it('covers the families the spec names', () => {
    const families = [
      'missing',
      'extra',
      'email',
      'url',
      'path',
      'min_length',
      'max_length',
      'regex',
      'not_gt',
      'not_multiple',
      'max_digits',
      'max_places',
      'date',
      'time',
      'duration',
      'json',
      'uuid',
      'ipv4address',
      'network',
      'color',
      'bool',
      'payment_card_number',
      'bytesize',
      'enum',
      'integer',
      'float',
    ];
    for (const f of families) expect(Object.keys(typeMessages).some((k) => k.includes(f))).toBe(true);
  });
});

describe('store actions', () => {
  it('maps outcomes to a field error, a sticky modal and error toasts', () => {
    const actions = errorActions(
      apiError(422, {
        detail: [
          { msg: 'Careful', requiresConfirmation: true, title: 'Heads up' },
          { msg: 'Plain' },
          { loc: ['body', 'name'], type: 'value_error.missing' },
        ],
      }),
    );
    expect(actions.map((a) => a.type)).toEqual([
      'notifications/stickyErrorRaised',
      'notifications/notificationRequested',
      'fieldErrors/fieldErrorSet',
    ]);
    expect(actions[1].payload).toMatchObject({
      kind: 'toast',
      level: 'error',
      message: 'Plain',
      duration: ERROR_DURATION_MS,
    });
    expect(actions[2].payload).toEqual({ name: 'name', message: 'This field is required.' });
  });
  it('serialises an ApiError and rebuilds an equivalent one', () => {
    const e = apiError(409, { detail: 'dup' });
    const back = deserializeError(JSON.parse(JSON.stringify(serializeError(e))));
    expect(interpretError(back)).toEqual(interpretError(e));
    expect(interpretError(deserializeError(serializeError(new Error('x'))))).toEqual([toast('x')]);
  });
});
