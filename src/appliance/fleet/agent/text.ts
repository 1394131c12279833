import { toOneLine } from '../../../lib/validation/text';

/** Text the agent sends: one line (`safe-text`), at most `max` UTF-16 units, never ending on half a pair. */
export function oneLine(text: string, max: number): string {
  const clean = toOneLine(text);
  if (clean.length <= max) return clean;
  let cut = clean.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}
