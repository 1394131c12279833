import fc from 'fast-check';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../src/service-kit/jsonDepth';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonTooDeep', () => {
  it.each([
    ['a flat object', '{"a":1,"b":[1,2]}', false],
    ['exactly the limit', nested(MAX_JSON_DEPTH), false],
    ['one past the limit', nested(MAX_JSON_DEPTH + 1), true],
    ['5,000 levels', nested(5000), true],
    ['100,000 levels (no recursion, no stack overflow)', nested(100_000), true],
    ['objects past the limit', '{"a":'.repeat(40) + '1' + '}'.repeat(40), true],
    ['brackets inside a string', JSON.stringify({ s: '['.repeat(100) }), false],
    ['an escaped quote that does not end the string', JSON.stringify({ s: '"[[[[' + '['.repeat(50) }), false],
    ['an escaped backslash before the closing quote', `{"s":"\\\\"}${'['.repeat(40)}`, true],
    ['unbalanced closers (left to the parser)', ']]]]}}}}', false],
  ])('%s → %p', (_name, text, expected) => {
    expect(jsonTooDeep(text)).toBe(expected);
  });

  it('agrees with the real nesting of any JSON value', () => {
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === 'object'
        ? 1 + Math.max(0, ...Object.values(v as Record<string, unknown>).map(depthOf))
        : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, limit) => {
        expect(jsonTooDeep(JSON.stringify(value), limit)).toBe(depthOf(value) > limit);
      }),
    );
  });
});
