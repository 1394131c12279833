export { ListChooser, PLACEHOLDER_ROWS } from './ListChooser';
export type { ListChooserProps, ListChooserItem } from './ListChooser';
