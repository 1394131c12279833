/**
 * `hoist-non-react-statics` for the browser bundle (aliased in webpack.config.ts): Formik imports it for its
 * `connect()` wrapper, and with it `react-is` (1.2 KB brotli on the login page). React 19 marks `forwardRef` and
 * `memo` components with registered symbols, so the statics each kind keeps are known without `react-is`.
 * `hoistStatics.test.ts` checks it copies what the package copies.
 */
const REACT_STATICS = new Set<string | symbol>([
  'childContextTypes',
  'contextType',
  'contextTypes',
  'defaultProps',
  'displayName',
  'getDefaultProps',
  'getDerivedStateFromError',
  'getDerivedStateFromProps',
  'mixins',
  'propTypes',
  'type',
]);
const KNOWN_STATICS = new Set<string | symbol>([
  'name',
  'length',
  'prototype',
  'caller',
  'callee',
  'arguments',
  'arity',
]);
const FORWARD_REF_STATICS = new Set<string | symbol>([
  '$$typeof',
  'render',
  'defaultProps',
  'displayName',
  'propTypes',
]);
const MEMO_STATICS = new Set<string | symbol>([
  '$$typeof',
  'compare',
  'defaultProps',
  'displayName',
  'propTypes',
  'type',
]);

const FORWARD_REF = Symbol.for('react.forward_ref');
const MEMO = Symbol.for('react.memo');

type Component = object | ((...args: never[]) => unknown);

function staticsOf(component: Component): Set<string | symbol> {
  const kind = (component as { $$typeof?: symbol }).$$typeof;
  return kind === FORWARD_REF ? FORWARD_REF_STATICS : kind === MEMO ? MEMO_STATICS : REACT_STATICS;
}

export default function hoistNonReactStatics<T extends Component>(
  target: T,
  source: Component | string,
  excluded?: Record<string | symbol, boolean>,
): T {
  // Nothing is hoisted from an HTML element's name.
  if (typeof source === 'string') return target;
  const inherited = Object.getPrototypeOf(source) as Component | null;
  if (inherited && inherited !== Object.prototype) hoistNonReactStatics(target, inherited, excluded);
  const targetStatics = staticsOf(target);
  const sourceStatics = staticsOf(source);
  for (const key of [...Object.getOwnPropertyNames(source), ...Object.getOwnPropertySymbols(source)]) {
    if (KNOWN_STATICS.has(key) || excluded?.[key] || sourceStatics.has(key) || targetStatics.has(key))
      continue;
    try {
      Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(source, key)!);
    } catch {
      // A read-only property of the target stays as it is.
    }
  }
  return target;
}
