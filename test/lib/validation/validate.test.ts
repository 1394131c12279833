import fc from 'fast-check';
import {
  validateValue,
  fieldHint,
  validatorHint,
  splitMultiValue,
  isFormValid,
  isSelectValid,
  isValidEmail,
  VALIDATOR_TYPES,
  type FieldRules,
  type FieldVerdict,
} from '../../../src/lib/validation';

describe('validateValue', () => {
  const rows: Array<[string, string | null | undefined, FieldRules, FieldVerdict]> = [
    ['optional empty is valid', '', { validators: ['ip'] }, { valid: true }],
    ['optional blank is valid', '   ', { validators: ['ip'] }, { valid: true }],
    ['optional undefined is valid', undefined, { validators: ['ip'] }, { valid: true }],
    [
      'required empty is invalid',
      '',
      { validators: ['ip'], required: true },
      { valid: false, reason: 'required' },
    ],
    ['required null is invalid', null, { required: true }, { valid: false, reason: 'required' }],
    ['no validators accept any text', 'anything', {}, { valid: true }],
    ['value is trimmed', ' 10.0.0.1 ', { validators: ['ip'] }, { valid: true }],
    ['OR: first type matches', '10.0.0.1', { validators: ['ip', 'fqdn'] }, { valid: true }],
    ['OR: second type matches', 'example.com', { validators: ['ip', 'fqdn'] }, { valid: true }],
    ['OR: no type matches', 'not valid', { validators: ['ip', 'fqdn'] }, { valid: false, reason: 'format' }],
    [
      'bounds apply to integer',
      '99',
      { validators: ['integer'], max: 10 },
      { valid: false, reason: 'format' },
    ],
    [
      'wildcard OR bounded integer',
      '*',
      { validators: ['integer', 'wildcard'], min: 1, max: 10 },
      { valid: true },
    ],
    [
      'multi: every entry valid',
      '10.0.0.1, 10.0.0.2',
      { validators: ['ip'], multiple: true },
      { valid: true },
    ],
    [
      'multi: one bad entry',
      '10.0.0.1,nope',
      { validators: ['ip'], multiple: true },
      { valid: false, reason: 'format' },
    ],
    [
      'multi: only commas counts as empty',
      ' , ,',
      { validators: ['ip'], multiple: true, required: true },
      { valid: false, reason: 'required' },
    ],
  ];
  it.each(rows)('%s', (_name, value, rules, expected) => {
    expect(validateValue(value, rules)).toEqual(expected);
  });

  it('never throws for any string and any combination of validators', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.subarray([...VALIDATOR_TYPES]),
        fc.boolean(),
        fc.boolean(),
        (value, validators, required, multiple) => {
          const verdict = validateValue(value, { validators, required, multiple });
          expect(typeof verdict.valid).toBe('boolean');
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('splitMultiValue', () => {
  it.each([
    ['a,b', ['a', 'b']],
    [' a , b ,', ['a', 'b']],
    ['', []],
    [',,', []],
  ])('%j -> %j', (input, expected) => expect(splitMultiValue(input)).toEqual(expected));
});

describe('validatorHint', () => {
  it.each([
    [['ip'], {}, 'must be an IPv4 address'],
    [['ip', 'fqdn'], {}, 'must be an IPv4 address or a fully qualified domain name'],
    [['integer'], { min: 1, max: 65535 }, 'must be an integer (min 1, max 65535)'],
    [['integer', 'wildcard'], { min: 0 }, 'must be an integer (min 0) or a wildcard (*)'],
    [['float'], { max: 2.5 }, 'must be a number (max 2.5)'],
    [['hostname'], { min: 1, max: 5 }, 'must be a hostname'],
    [[], {}, ''],
  ] as const)('%j %j', (types, bounds, expected) => {
    expect(validatorHint(types, bounds)).toBe(expected);
  });
});

describe('fieldHint: what fits, never worded as an error', () => {
  it.each([
    [['integer'], { min: 1, max: 65535 }, '1–65535'],
    [['integer', 'wildcard'], { min: 1, max: 65535 }, '1–65535 or *'],
    [['integer'], { min: 0 }, '0 or more'],
    [['float'], { max: 2.5 }, 'Up to 2.5'],
    [['integer'], {}, 'An integer'],
    [['ip', 'fqdn'], {}, 'An IPv4 address or a fully qualified domain name'],
    [['integer-range'], { min: 1, max: 65535 }, 'A range (start-end) within 1–65535'],
    [[], {}, ''],
  ] as const)('%j %j', (types, bounds, expected) => {
    expect(fieldHint(types, bounds)).toBe(expected);
    expect(fieldHint(types, bounds)).not.toMatch(/must|min |max /);
  });
});

describe('form checks', () => {
  it.each([
    ['all required present', [{ required: true, value: 'x' }, { value: '' }], true],
    ['required blank', [{ required: true, value: ' ' }], false],
    ['required empty list', [{ required: true, value: [] }], false],
    ['required zero number', [{ required: true, value: 0 }], true],
    ['an element marked not valid', [{ value: 'x', invalid: true }], false],
    ['no elements', [], true],
  ])('%s', (_n, elements, expected) => expect(isFormValid(elements)).toBe(expected));

  it.each([
    ['', true, false],
    [null, true, false],
    ['', false, true],
    ['a', true, true],
  ] as const)('select %j required=%s -> %s', (value, required, expected) =>
    expect(isSelectValid(value, required)).toBe(expected),
  );

  it.each([
    ['', false],
    [undefined, false],
    [' a@b.co ', true],
    ['a@b', false],
  ] as const)('email %j -> %s', (value, expected) => expect(isValidEmail(value)).toBe(expected));
});
