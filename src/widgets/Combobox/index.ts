export { Combobox, filterOptions, COMBOBOX_MAX_SHOWN } from './Combobox';
export type { ComboboxProps } from './Combobox';
