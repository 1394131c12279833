/**
 * A line diff of two texts (longest common subsequence), for showing what Apply would change in a generated
 * configuration file. Common leading and trailing lines are matched first, so a small change in a long file costs
 * little; a middle part too large to compare line by line (more than `MAX_CELLS` pairs) is shown as removed then
 * added, which is still a correct diff, only a coarser one.
 */

export type DiffLineType = 'same' | 'added' | 'removed';

export interface DiffLine {
  type: DiffLineType;
  text: string;
  /** Line number in the old text (same and removed lines), 1-based. */
  oldLine?: number;
  /** Line number in the new text (same and added lines), 1-based. */
  newLine?: number;
}

export interface DiffHunk {
  /** First line of the hunk in the old and the new text, 1-based. */
  oldStart: number;
  newStart: number;
  lines: DiffLine[];
}

/** Largest table the comparison of the differing middle part builds (rows × columns). */
export const MAX_CELLS = 4_000_000;

/** The lines of a text; a final newline does not make an empty last line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Every line of both texts in order, each marked same, removed (only in `before`) or added (only in `after`). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: DiffLine[] = [];
  for (let i = 0; i < start; i++) out.push({ type: 'same', text: a[i], oldLine: i + 1, newLine: i + 1 });
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  for (const line of middle(midA, midB)) {
    out.push({
      ...line,
      oldLine: line.oldLine === undefined ? undefined : line.oldLine + start,
      newLine: line.newLine === undefined ? undefined : line.newLine + start,
    });
  }
  for (let i = endA, j = endB; i < a.length; i++, j++)
    out.push({ type: 'same', text: a[i], oldLine: i + 1, newLine: j + 1 });
  return out;
}

function middle(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) {
    return [
      ...a.map((text, i): DiffLine => ({ type: 'removed', text, oldLine: i + 1 })),
      ...b.map((text, j): DiffLine => ({ type: 'added', text, newLine: j + 1 })),
    ];
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..], in one flat array.
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1] + 1
          : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ type: 'same', text: a[i], oldLine: i + 1, newLine: j + 1 });
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
      out.push({ type: 'removed', text: a[i], oldLine: i + 1 });
      i++;
    } else {
      out.push({ type: 'added', text: b[j], newLine: j + 1 });
      j++;
    }
  }
  for (; i < n; i++) out.push({ type: 'removed', text: a[i], oldLine: i + 1 });
  for (; j < m; j++) out.push({ type: 'added', text: b[j], newLine: j + 1 });
  return out;
}

/**
 * The changed parts of a diff with `context` unchanged lines around each (as `diff -u` shows them); changes closer
 * than twice the context share one hunk. No hunk when nothing changed.
 */
export function diffHunks(lines: readonly DiffLine[], context = 3): DiffHunk[] {
  const changed = lines.map((l, i) => (l.type === 'same' ? -1 : i)).filter((i) => i >= 0);
  if (changed.length === 0) return [];
  const ranges: Array<[number, number]> = [];
  for (const i of changed) {
    const from = Math.max(0, i - context);
    const to = Math.min(lines.length - 1, i + context);
    const last = ranges[ranges.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  }
  return ranges.map(([from, to]) => {
    const slice = lines.slice(from, to + 1);
    return {
      oldStart: firstNumber(lines, from, 'oldLine'),
      newStart: firstNumber(lines, from, 'newLine'),
      lines: slice,
    };
  });
}

/** The line number a hunk starting at `index` has in one text: its own, or the one after the previous line. */
function firstNumber(lines: readonly DiffLine[], index: number, key: 'oldLine' | 'newLine'): number {
  for (let i = index; i < lines.length; i++) {
    const n = lines[i][key];
    if (n !== undefined) return n;
  }
  for (let i = index - 1; i >= 0; i--) {
    const n = lines[i][key];
    if (n !== undefined) return n + 1;
  }
  return 1;
}

/** How many lines were added and removed. */
export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const l of lines) {
    if (l.type === 'added') added++;
    else if (l.type === 'removed') removed++;
  }
  return { added, removed };
}
