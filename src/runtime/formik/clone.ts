/**
 * Formik's two uses of lodash's copying, for the browser bundle (webpack aliases `lodash-es/clone` and
 * `lodash-es/cloneDeep` to these files in production). Formik copies form state only: plain objects and arrays of
 * strings, numbers, booleans, dates and files. lodash's general `baseClone` (maps, sets, typed arrays, buffers,
 * symbols, stacks for cycles) costs 3.5 KB brotli on every page with a form, the login first. `formikClone.test.ts`
 * checks these give lodash's answers for form values.
 */

/** A shallow copy: what `setIn` makes of each object or array on a field's path before it sets the field. */
export function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.slice() as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value !== null && typeof value === 'object')
    return Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as object, value) as T;
  return value;
}

/** A deep copy of plain objects and arrays (Formik copies its initial values, errors, touched and status). */
export function cloneDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneDeep(item)) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as object | null;
    // Files, blobs and other objects that are not plain records are values of a field: kept as they are.
    if (proto !== Object.prototype && proto !== null) return value;
    const copy: Record<string, unknown> = Object.create(proto) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) copy[key] = cloneDeep(item);
    return copy as T;
  }
  return value;
}
