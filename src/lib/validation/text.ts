/**
 * Free text that people read (names, descriptions, changelogs): which characters it may hold. One implementation for
 * the appliance's `safe-text` / `safe-multiline-text` schema formats, log ingestion and any form that wants the same
 * verdict.
 *
 * - A lone UTF-16 surrogate (`"\ud800"` in JSON) is never text: it cannot be written as UTF-8 and would be replaced
 *   silently (two different inputs would store the same).
 * - One-line text (a name, a description shown in a table row) holds no control character at all: no line feed,
 *   tab or carriage return, no C1 control, no Unicode line or paragraph separator (a name cannot break a log line,
 *   an audit message or a table cell).
 * - Multi-line text (a changelog) keeps line feeds and tabs, nothing else of the above.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** C0 controls, DEL, C1 controls, U+2028 and U+2029: nothing a one-line text holds. */
const NOT_IN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same, but line feed and tab allowed (carriage returns are not: lines end with LF). */
const NOT_IN_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export type TextKind = 'line' | 'lines';

export interface TextProblem {
  type: 'value_error.unicode' | 'value_error.str.control_characters';
  msg: string;
}

export const LONE_SURROGATE_PROBLEM: TextProblem = {
  type: 'value_error.unicode',
  msg: 'value is not valid Unicode (lone surrogate)',
};

export const CONTROL_PROBLEM: Record<TextKind, TextProblem> = {
  line: {
    type: 'value_error.str.control_characters',
    msg: 'value must be one line without control characters (no line breaks or tabs)',
  },
  lines: {
    type: 'value_error.str.control_characters',
    msg: 'value must not contain control characters other than line feeds and tabs',
  },
};

export const hasLoneSurrogate = (s: string): boolean => LONE_SURROGATE.test(s);

/** Why `s` is not acceptable text of that kind, or null when it is. */
export function textProblem(s: string, kind: TextKind = 'line'): TextProblem | null {
  if (hasLoneSurrogate(s)) return LONE_SURROGATE_PROBLEM;
  if ((kind === 'line' ? NOT_IN_ONE_LINE : NOT_IN_LINES).test(s)) return CONTROL_PROBLEM[kind];
  return null;
}

/**
 * Text from elsewhere (a certificate's common name) made fit for a one-line field: each character a one-line text
 * may not hold, and each lone surrogate, becomes U+FFFD, so it still shows that something was there.
 */
export const toOneLine = (s: string): string =>
  s.replace(new RegExp(`${LONE_SURROGATE.source}|${NOT_IN_ONE_LINE.source}`, 'g'), '\uFFFD');

export const isSafeText = (s: string): boolean => textProblem(s, 'line') === null;
export const isSafeMultilineText = (s: string): boolean => textProblem(s, 'lines') === null;

/**
 * Where in a parsed JSON value (keys included) a string holds a lone surrogate: its path, or null. Walked without
 * recursion, so any depth the parser accepted is fine.
 */
export function loneSurrogatePath(value: unknown): Array<string | number> | null {
  const stack: Array<{ v: unknown; path: Array<string | number> }> = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasLoneSurrogate(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: [...path, i] }));
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (hasLoneSurrogate(k)) return [...path, k];
        stack.push({ v: item, path: [...path, k] });
      }
    }
  }
  return null;
}
