export { ProgressLine } from './ProgressLine';
export type { ProgressLineProps, ProgressAccent } from './ProgressLine';
