export { FileChooser } from './FileChooser';
export type { FileChooserProps } from './FileChooser';
