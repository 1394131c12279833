import {
  diffHunks,
  diffLines,
  diffStats,
  MAX_CELLS,
  splitLines,
  type DiffLine,
} from '../../src/lib/lineDiff';

/** The diff as `diff -u` body lines: " same", "-removed", "+added". */
const unified = (lines: DiffLine[]) =>
  lines.map((l) => `${l.type === 'same' ? ' ' : l.type === 'added' ? '+' : '-'}${l.text}`);

/** Applying a diff to the old text must give the new one, and dropping the additions the old one. */
function expectConsistent(before: string, after: string) {
  const lines = diffLines(before, after);
  expect(lines.filter((l) => l.type !== 'added').map((l) => l.text)).toEqual(splitLines(before));
  expect(lines.filter((l) => l.type !== 'removed').map((l) => l.text)).toEqual(splitLines(after));
  return lines;
}

test('splits lines without an empty last line for a final newline', () => {
  expect(splitLines('')).toEqual([]);
  expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
  expect(splitLines('a\r\nb')).toEqual(['a', 'b']);
  expect(splitLines('a\n\n')).toEqual(['a', '']);
});

test('identical texts have only same lines and no hunk', () => {
  const lines = expectConsistent('Port 22\nPermitRootLogin no\n', 'Port 22\nPermitRootLogin no\n');
  expect(lines.every((l) => l.type === 'same')).toBe(true);
  expect(diffHunks(lines)).toEqual([]);
  expect(diffStats(lines)).toEqual({ added: 0, removed: 0 });
});

test('a changed line reads as removed then added, with line numbers of each side', () => {
  const lines = expectConsistent(
    'Port 22\nListenAddress 0.0.0.0\nPasswordAuthentication yes\n',
    'Port 2222\nListenAddress 0.0.0.0\nPasswordAuthentication yes\n',
  );
  expect(unified(lines)).toEqual([
    '-Port 22',
    '+Port 2222',
    ' ListenAddress 0.0.0.0',
    ' PasswordAuthentication yes',
  ]);
  expect(lines[0]).toMatchObject({ oldLine: 1 });
  expect(lines[1]).toMatchObject({ newLine: 1 });
  expect(lines[3]).toMatchObject({ oldLine: 3, newLine: 3 });
  expect(diffStats(lines)).toEqual({ added: 1, removed: 1 });
});

test('finds the longest common part in the middle (insertions and deletions apart)', () => {
  const lines = expectConsistent('a\nb\nc\nd\ne\n', 'a\nx\nb\nc\ne\ny\n');
  expect(unified(lines)).toEqual([' a', '+x', ' b', ' c', '-d', ' e', '+y']);
});

test('from and to an empty file', () => {
  expect(unified(expectConsistent('', 'one\ntwo\n'))).toEqual(['+one', '+two']);
  expect(unified(expectConsistent('one\n', ''))).toEqual(['-one']);
});

test('hunks keep three lines of context and merge changes that are close', () => {
  const before = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
  const after = before
    .replace('line 5\n', 'line five\n')
    .replace('line 8\n', 'line eight\n')
    .replace('line 25', 'line 25b');
  const hunks = diffHunks(expectConsistent(before, after));
  expect(hunks).toHaveLength(2);
  expect(hunks[0]).toMatchObject({ oldStart: 2, newStart: 2 });
  expect(unified(hunks[0].lines)).toEqual([
    ' line 2',
    ' line 3',
    ' line 4',
    '-line 5',
    '+line five',
    ' line 6',
    ' line 7',
    '-line 8',
    '+line eight',
    ' line 9',
    ' line 10',
    ' line 11',
  ]);
  expect(hunks[1]).toMatchObject({ oldStart: 22, newStart: 22 });
  expect(unified(hunks[1].lines)).toEqual([
    ' line 22',
    ' line 23',
    ' line 24',
    '-line 25',
    '+line 25b',
    ' line 26',
    ' line 27',
    ' line 28',
  ]);
});

test('a hunk of only additions at the end starts after the last old line', () => {
  const hunks = diffHunks(expectConsistent('a\nb\n', 'a\nb\nc\n'), 1);
  expect(hunks).toEqual([{ oldStart: 2, newStart: 2, lines: expect.any(Array) }]);
  expect(unified(hunks[0].lines)).toEqual([' b', '+c']);
});

test('a middle part too large to compare is shown as removed then added, still consistent', () => {
  const side = Math.ceil(Math.sqrt(MAX_CELLS)) + 10;
  const before = Array.from({ length: side }, (_, i) => `old ${i}`).join('\n');
  const after = Array.from({ length: side }, (_, i) => `new ${i}`).join('\n');
  const lines = expectConsistent(`head\n${before}\ntail`, `head\n${after}\ntail`);
  expect(diffStats(lines)).toEqual({ added: side, removed: side });
  expect(lines[0]).toMatchObject({ type: 'same', text: 'head' });
  expect(lines[lines.length - 1]).toMatchObject({ type: 'same', text: 'tail' });
});
