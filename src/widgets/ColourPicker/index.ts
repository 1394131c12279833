export { ColourPicker, SAVED_COLOURS_KEY, SAVED_COLOURS_LIMIT, DOUBLE_TAP_MS } from './ColourPicker';
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
