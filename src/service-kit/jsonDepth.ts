/**
 * Nesting limit for JSON request bodies of the embedded services. The text is scanned once, without recursion, before
 * it is parsed, so a body nested thousands of levels deep is refused with a clear 400 instead of overflowing the
 * stack of whatever walks the parsed value.
 */

/** Deepest nesting of arrays and objects a request body may have; real bodies of both services stay under 5. */
export const MAX_JSON_DEPTH = 32;
/** Largest JSON request body the embedded services read (form bodies have the same cap). */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

export const jsonTooDeepMessage = (limit = MAX_JSON_DEPTH) =>
  `JSON body is nested deeper than ${limit} levels`;

/**
 * True when brackets in `text` (outside strings) nest deeper than `limit`. Stops at the first level past the limit;
 * malformed JSON is left for the parser to report.
 */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character (\" does not end the string)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}
