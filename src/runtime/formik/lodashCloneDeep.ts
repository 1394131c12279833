/** `lodash-es/cloneDeep` in the browser bundle (see clone.ts). */
export { cloneDeep as default } from './clone';
