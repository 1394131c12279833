/** `lodash-es/clone` in the browser bundle (see clone.ts). */
export { clone as default } from './clone';
