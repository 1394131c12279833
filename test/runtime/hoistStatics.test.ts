/**
 * The browser bundle gives Formik this statics hoisting instead of `hoist-non-react-statics` (webpack.config.ts):
 * for plain, class, forwardRef and memo components it copies exactly what the package copies.
 */
import { Component, forwardRef, memo } from 'react';
import hoistPackage from 'hoist-non-react-statics';
import hoistStatics from '../../src/runtime/formik/hoistStatics';

const SYMBOL_STATIC: unique symbol = Symbol('rampart.static');

function sources() {
  class Base extends Component {
    static inherited = 'from the base class';
  }
  class Source extends Base {
    static displayName = 'Source';
    static defaultProps = { a: 1 };
    static helper = () => 'kept';
    static [SYMBOL_STATIC] = 'symbol';
  }
  const plain = Object.assign(() => null, { helper: 'plain', propTypes: {} });
  const ref = Object.assign(
    forwardRef(() => null),
    { helper: 'ref' },
  );
  const memoised = Object.assign(
    memo(() => null),
    { helper: 'memo' },
  );
  return [Source, plain, ref, memoised];
}

const ownStatics = (o: object) =>
  Object.fromEntries(
    [...Object.getOwnPropertyNames(o), ...Object.getOwnPropertySymbols(o)]
      .filter((k) => !['length', 'name', 'prototype'].includes(k as string))
      .map((k) => {
        const value = (o as Record<string | symbol, unknown>)[k];
        // A function is compared by its name: each target is made anew, with its own render function.
        return [String(k), typeof value === 'function' ? `function ${value.name}` : value];
      }),
  );

describe('hoisting statics as hoist-non-react-statics does', () => {
  it.each(['function', 'forwardRef', 'memo'] as const)('onto a %s target', (kind) => {
    sources().forEach((source, i) => {
      const target = () =>
        kind === 'function' ? () => null : kind === 'forwardRef' ? forwardRef(() => null) : memo(() => null);
      const ours = hoistStatics(target(), source, { excludedByCaller: true });
      const theirs = hoistPackage(target(), source as never, { excludedByCaller: true });
      expect([i, ownStatics(ours)]).toEqual([i, ownStatics(theirs)]);
    });
  });

  it('hoists nothing from an element name', () => {
    const target = () => null;
    expect(ownStatics(hoistStatics(target, 'div'))).toEqual(ownStatics(() => null));
  });
});
