/**
 * Duplicate keys in JSON text. `JSON.parse` keeps the last of two equal keys silently, while another reader may keep
 * the first: in signed JSON that lets one signed text mean two things. Signed documents (update manifests and their
 * envelope) are therefore refused when any object repeats a key. One pass, no recursion; keys are compared as the
 * strings they decode to (`"a"` and `"\u0061"` are the same key). Malformed JSON is left for the parser to report.
 */

export interface DuplicateKey {
  /** The repeated key, decoded. */
  key: string;
  /** Where the object holding it is, as `a.b[2]` (empty at the top). */
  path: string;
}

interface Frame {
  /** Keys seen so far; null for an array. */
  keys: Set<string> | null;
  /** The next string is a key (objects only). */
  expectKey: boolean;
  /** The current key or index, for the path. */
  at: string | number | null;
}

const pathOf = (stack: Frame[]) =>
  stack
    .slice(0, -1)
    .map((f) => (typeof f.at === 'number' ? `[${f.at}]` : `.${f.at}`))
    .join('')
    .replace(/^\./, '');

/** The first repeated key in `text`, or null when there is none (or the text is not JSON). */
export function duplicateJsonKey(text: string): DuplicateKey | null {
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === 0x22) {
      const start = i;
      for (i += 1; i < text.length && text.charCodeAt(i) !== 0x22; i += 1)
        if (text.charCodeAt(i) === 0x5c) i += 1; // backslash: skip the escaped character
      if (!top?.keys || !top.expectKey) continue;
      let key: string;
      try {
        key = JSON.parse(text.slice(start, i + 1)) as string;
      } catch {
        return null;
      }
      if (top.keys.has(key)) return { key, path: pathOf(stack) };
      top.keys.add(key);
      top.expectKey = false;
      top.at = key;
    } else if (c === 0x7b) stack.push({ keys: new Set(), expectKey: true, at: null });
    else if (c === 0x5b) stack.push({ keys: null, expectKey: false, at: 0 });
    else if (c === 0x7d || c === 0x5d) stack.pop();
    else if (c === 0x2c && top) {
      if (top.keys) top.expectKey = true;
      else top.at = (top.at as number) + 1;
    }
  }
  return null;
}

/** `"key" (in a.b)`, shortened: for messages naming a duplicate key. */
export function describeDuplicateKey({ key, path }: DuplicateKey): string {
  const shown = JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}…` : key);
  return path ? `${shown} (in ${path.length > 64 ? `${path.slice(0, 64)}…` : path})` : shown;
}
