export { ColourPicker } from './ColourPicker';
export { SAVED_COLOURS_KEY, SAVED_COLOURS_LIMIT } from './savedColours';
export { DOUBLE_TAP_MS } from './GradientEditor';
export {
  pickerReducer,
  currentColour,
  selectedStop,
  addStopPercent,
  type PickerAction,
} from './pickerReducer';
export type { ColourPickerProps } from './ColourPicker';
export {
  toCss,
  formatColour,
  parseHex,
  channelsOf,
  fromChannels,
  pushSaved,
  stopAt,
  switchMode,
  INPUT_TYPES,
  OUTPUT_FORMATS,
} from './colour';
export type { ColourValue, ColourStop, Rgba, InputType, OutputFormat } from './colour';
