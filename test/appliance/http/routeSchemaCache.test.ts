/** Route validators are compiled once per process: every server built from the same contracts shares them. */
import { Type } from '@sinclair/typebox';
import { compileRouteSchema } from '../../../src/appliance/http/scope';

const Body = Type.Object({ name: Type.String({ maxLength: 3 }) }, { additionalProperties: false });

it('answers the same validator for the same schema object, and it still validates', () => {
  const first = compileRouteSchema(Body);
  expect(compileRouteSchema(Body)).toBe(first);
  expect(first({ name: 'abc' })).toBe(true);
  expect(first({ name: 'abcd' })).toBe(false);
  expect(first({ name: 'a', extra: 1 })).toBe(false);
});

it('compiles two schemas with one $id each on their own instead of failing', () => {
  const a = compileRouteSchema({ $id: 'same', type: 'string' });
  const b = compileRouteSchema({ $id: 'same', type: 'integer' });
  expect(a('x')).toBe(true);
  expect(b('x')).toBe(false);
  expect(b(3)).toBe(true);
});

it('compiles boolean schemas', () => {
  expect(compileRouteSchema(true)(1)).toBe(true);
  expect(compileRouteSchema(false)(1)).toBe(false);
});
