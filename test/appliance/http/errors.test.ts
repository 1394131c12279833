import { createAjv } from '../../../src/appliance/http/scope';
import { itemsFromAjv } from '../../../src/appliance/http/errors';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    colour: { type: 'string', format: 'hex-color' },
    count: { type: 'integer', minimum: 1, maximum: 10 },
    ratio: { type: 'number', exclusiveMaximum: 1 },
    kind: { type: 'string', enum: ['a', 'b'] },
    code: { type: 'string', pattern: '^[0-9]+$' },
    tags: { type: 'array', maxItems: 1, items: { type: 'string' } },
    flag: { type: 'boolean' },
    note: { type: 'string', format: 'safe-text' },
  },
};
const validate = createAjv().compile(schema);
const check = (data: unknown) => {
  validate(data);
  return itemsFromAjv(validate.errors ?? [], 'body');
};

describe('ajv errors as pydantic-style items', () => {
  it.each([
    [{}, { loc: ['body', 'name'], msg: 'field required', type: 'value_error.missing' }],
    [
      { name: 'ab', x: 1 },
      { loc: ['body', 'x'], msg: 'extra fields not permitted', type: 'value_error.extra' },
    ],
    [{ name: 7 }, { loc: ['body', 'name'], msg: 'str type expected', type: 'type_error.str' }],
    [
      { name: 'a' },
      {
        loc: ['body', 'name'],
        msg: 'ensure this value has at least 2 characters',
        type: 'value_error.any_str.min_length',
        ctx: { limit_value: 2 },
      },
    ],
    [
      { name: 'abcdef' },
      {
        loc: ['body', 'name'],
        msg: 'ensure this value has at most 5 characters',
        type: 'value_error.any_str.max_length',
        ctx: { limit_value: 5 },
      },
    ],
    [
      { name: 'ab', email: 'nope' },
      { loc: ['body', 'email'], msg: 'value is not a valid email address', type: 'value_error.email' },
    ],
    [
      { name: 'ab', colour: 'red' },
      { loc: ['body', 'colour'], msg: expect.stringContaining('color'), type: 'value_error.color' },
    ],
    [
      { name: 'ab', count: 1.5 },
      { loc: ['body', 'count'], msg: 'value is not a valid integer', type: 'type_error.integer' },
    ],
    [
      { name: 'ab', count: 1e30 },
      {
        loc: ['body', 'count'],
        msg: 'ensure this value is less than or equal to 10',
        type: 'value_error.number.not_le',
        ctx: { limit_value: 10 },
      },
    ],
    [
      { name: 'ab', count: 0 },
      {
        loc: ['body', 'count'],
        msg: 'ensure this value is greater than or equal to 1',
        type: 'value_error.number.not_ge',
        ctx: { limit_value: 1 },
      },
    ],
    [
      { name: 'ab', ratio: 1 },
      {
        loc: ['body', 'ratio'],
        msg: 'ensure this value is less than 1',
        type: 'value_error.number.not_lt',
        ctx: { limit_value: 1 },
      },
    ],
    [
      { name: 'ab', ratio: '0.5' },
      { loc: ['body', 'ratio'], msg: 'value is not a valid float', type: 'type_error.float' },
    ],
    [
      { name: 'ab', kind: 'c' },
      {
        loc: ['body', 'kind'],
        msg: "value is not a valid enumeration member; permitted: 'a', 'b'",
        type: 'type_error.enum',
        ctx: { enum_values: ['a', 'b'] },
      },
    ],
    [
      { name: 'ab', code: '1a' },
      {
        loc: ['body', 'code'],
        msg: 'string does not match regex "^[0-9]+$"',
        type: 'value_error.str.regex',
        ctx: { pattern: '^[0-9]+$' },
      },
    ],
    [
      { name: 'ab', tags: ['a', 'b'] },
      {
        loc: ['body', 'tags'],
        msg: 'ensure this value has at most 1 items',
        type: 'value_error.list.max_items',
        ctx: { limit_value: 1 },
      },
    ],
    [
      { name: 'ab', tags: [3] },
      { loc: ['body', 'tags', 0], msg: 'str type expected', type: 'type_error.str' },
    ],
    [
      { name: 'ab', flag: 'true' },
      { loc: ['body', 'flag'], msg: 'value could not be parsed to a boolean', type: 'type_error.bool' },
    ],
    [
      { name: 'ab', note: 'a\u0000b' },
      {
        loc: ['body', 'note'],
        msg: 'value must be one line without control characters (no line breaks or tabs)',
        type: 'value_error.str.control_characters',
      },
    ],
    ['text', { loc: ['body'], msg: 'value is not a valid dict', type: 'type_error.dict' }],
  ])('%j → %j', (data, item) => {
    expect(check(data)).toEqual([item]);
  });

  it('reports every problem once, located by field', () => {
    expect(check({ name: 1, count: 'x', y: 0 }).map((i) => `${i.loc.join('.')}:${i.type}`)).toEqual([
      'body.y:value_error.extra',
      'body.name:type_error.str',
      'body.count:type_error.integer',
    ]);
  });

  it('names the query and path locations the way the client expects', () => {
    validate({});
    expect(itemsFromAjv(validate.errors ?? [], 'querystring')[0].loc).toEqual(['query', 'name']);
    expect(itemsFromAjv(validate.errors ?? [], 'params')[0].loc).toEqual(['path', 'name']);
  });
});
