// lodash's copies, which the browser bundle replaces for Formik: its test compares both (test/runtime/formikClone.test.ts).
declare module 'lodash-es/clone' {
  export default function clone<T>(value: T): T;
}
declare module 'lodash-es/cloneDeep' {
  export default function cloneDeep<T>(value: T): T;
}
