import { parseIngestBody, parseLastEventId, parseStreamQuery } from '../../../src/appliance/logs/validate';

describe('parseStreamQuery', () => {
  it.each([
    ['no query', undefined, { services: [], from: undefined, to: undefined }],
    ['one service', { services: 'dns' }, { services: ['dns'], from: undefined, to: undefined }],
    [
      'repeated services',
      { services: ['dns', 'ssh'] },
      { services: ['dns', 'ssh'], from: undefined, to: undefined },
    ],
    ['a range in seconds', { from: '100', to: '200.5' }, { services: [], from: 100, to: 200.5 }],
  ])('accepts %s', (_name, query, expected) => {
    expect(parseStreamQuery(query as Record<string, unknown>)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['an unknown service', { services: 'mail' }, 'type_error.enum'],
    ['1,000 repeats', { services: Array(1000).fill('dns') }, 'value_error.list.max_items'],
    ['an overlong name', { services: 'a'.repeat(65) }, 'value_error.any_str.max_length'],
    ['a duplicate', { services: ['dns', 'dns'] }, 'value_error.list.unique_items'],
    ['a negative from', { from: '-5' }, 'type_error.float'],
    ['an exponent', { from: '1e5' }, 'type_error.float'],
    ['a huge to', { to: '9'.repeat(20) }, 'type_error.float'],
    ['to before from', { from: '5', to: '4' }, 'value_error.number.not_ge'],
  ])('refuses %s', (_name, query, type) => {
    const out = parseStreamQuery(query as Record<string, unknown>);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.errors[0].type).toBe(type);
  });
});

describe('parseLastEventId', () => {
  it.each([
    [undefined, { ok: true, value: undefined }],
    ['', { ok: true, value: undefined }],
    ['42', { ok: true, value: 42 }],
  ])('accepts %p', (header, expected) => expect(parseLastEventId(header)).toEqual(expected));
  it.each(['-1', 'abc', '1'.repeat(16), '4 2'])('refuses %p', (header) =>
    expect(parseLastEventId(header).ok).toBe(false),
  );
});

describe('parseIngestBody', () => {
  it('accepts one entry and fills in the timestamp', () => {
    expect(parseIngestBody({ service: 'dns', message: 'm' }, 7)).toEqual({
      ok: true,
      value: [{ service: 'dns', message: 'm', timestamp: 7 }],
    });
  });
  it('accepts a list', () => {
    const out = parseIngestBody(
      {
        logs: [
          { service: 'dns', message: 'a', timestamp: 1 },
          { service: 'ssh', message: 'b' },
        ],
      },
      7,
    );
    expect(out).toEqual({
      ok: true,
      value: [
        { service: 'dns', message: 'a', timestamp: 1 },
        { service: 'ssh', message: 'b', timestamp: 7 },
      ],
    });
  });
  it.each([
    ['not an object', 'text', ['body'], 'type_error.dict'],
    ['an array', [], ['body'], 'type_error.dict'],
    ['a non-string message', { service: 'dns', message: 5 }, ['body', 'message'], 'type_error.str'],
    [
      'an empty message',
      { service: 'dns', message: '' },
      ['body', 'message'],
      'value_error.any_str.min_length',
    ],
    ['logs not a list', { logs: {} }, ['body', 'logs'], 'type_error.list'],
    [
      'too many entries',
      { logs: Array(1001).fill({ service: 'dns', message: 'm' }) },
      ['body', 'logs'],
      'value_error.list.max_items',
    ],
    [
      'an extra field beside logs',
      { logs: [{ service: 'dns', message: 'm' }], x: 1 },
      ['body', 'x'],
      'value_error.extra',
    ],
    [
      'a bad entry in the list',
      {
        logs: [
          { service: 'dns', message: 'm' },
          { service: 1, message: 'm' },
        ],
      },
      ['body', 'logs', 1, 'service'],
      'type_error.str',
    ],
    [
      'a timestamp out of range',
      { service: 'dns', message: 'm', timestamp: 1e12 },
      ['body', 'timestamp'],
      'value_error.number.not_le',
    ],
  ])('refuses %s', (_name, body, loc, type) => {
    const out = parseIngestBody(body);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.errors[0]).toMatchObject({ loc, type });
  });
});
