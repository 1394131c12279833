/**
 * Reading a YAML configuration document (`POST {api}config/plan`, `PUT {api}config`): as the JSON it stands for, or a
 * 400 item naming what is wrong (a syntax error with its line and column, a key given twice, aliases that expand too
 * far). YAML costs far more CPU per byte than JSON, so a body is at most `YAML_BODY_LIMIT` (413 beyond, saying so) and
 * one larger than `YAML_INLINE_BYTES` is read on a worker thread (offThread.ts) within a time budget and comes back
 * in pieces (bodyPieces.ts): every other request keeps its answer time while a large document is read.
 */
import YAML, { isMap, isScalar, LineCounter } from 'yaml';
import { CpuBudgetError, CpuPoolBusyError } from '../../service-kit/cpuPool';
import { HttpError, tooLarge, type ErrorItem } from '../http/errors';
import { assemble, piecesOf, type Piece } from './bodyPieces';
import { configPool } from './offThread';

/** A YAML document is at most this large; a larger configuration is sent as JSON. */
export const YAML_BODY_LIMIT = 4 * 1024 * 1024;
/** Smaller bodies are read at once (a few milliseconds); larger ones on the worker. */
export const YAML_INLINE_BYTES = 64 * 1024;
/** How many nodes aliases may expand to, per alias: a real document needs none, a hostile one is refused early. */
export const YAML_MAX_ALIAS_COUNT = 50;
/**
 * The widest a line's indentation may be, block indicators (`- `, `? `) counted: a real document nests a few levels;
 * the parser's memory grows with the nesting (a line of a million `- ` takes gigabytes), so deeper is refused first.
 */
export const YAML_MAX_INDENT = 256;
/** The longest a worker may read one document. */
export const YAML_BUDGET_MS = 20_000;

export type YamlRead = { ok: true; value: unknown } | { ok: false; problem: ErrorItem };

const decodeProblem = (msg: string, at?: { line: number; col: number }): YamlRead => ({
  ok: false,
  problem: {
    loc: ['body'],
    msg: `not valid YAML${at ? ` (line ${at.line}, column ${at.col})` : ''}: ${msg}`,
    type: 'value_error.yamldecode',
    ...(at ? { ctx: { line: at.line, column: at.col } } : {}),
  },
});

/**
 * The first key given twice in one mapping. The parser's own check compares each key with every earlier one (a
 * mapping of 40,000 keys costs seconds); this one keeps the keys seen in a set.
 */
function duplicateKey(doc: YAML.Document): { key: string; offset: number } | null {
  let found: { key: string; offset: number } | null = null;
  YAML.visit(doc, {
    Map(_key, map) {
      if (!isMap(map)) return undefined;
      const seen = new Set<string>();
      for (const pair of map.items) {
        const k = pair.key;
        const name = isScalar(k) ? String(k.value) : String(k);
        if (seen.has(name)) {
          found = { key: name, offset: (isScalar(k) ? k.range?.[0] : undefined) ?? 0 };
          return YAML.visit.BREAK;
        }
        seen.add(name);
      }
      return undefined;
    },
  });
  return found;
}

/** The first line (1-based) indented wider than `YAML_MAX_INDENT`, block indicators counted, or 0. */
function tooDeepLine(text: string): number {
  const indent = /^(?:[ \t]|[-?](?=[ \t]|$))*/;
  let line = 0;
  for (let start = 0; start <= text.length;) {
    line += 1;
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    // Only a line that long can be too deep: most are skipped without looking at them.
    if (stop - start > YAML_MAX_INDENT) {
      const m = indent.exec(text.slice(start, start + YAML_MAX_INDENT + 1));
      if (m && m[0].length > YAML_MAX_INDENT) return line;
    }
    if (end === -1) break;
    start = end + 1;
  }
  return 0;
}

/** Reads YAML text as the JSON it stands for (pure: runs on the event loop or on the worker). */
export function readYaml(text: string): YamlRead {
  const deep = tooDeepLine(text);
  if (deep)
    return decodeProblem(`nested too deep (indented by more than ${YAML_MAX_INDENT} columns)`, {
      line: deep,
      col: 1,
    });
  const lines = new LineCounter();
  const doc = YAML.parseDocument(text, { uniqueKeys: false, lineCounter: lines });
  const problem = doc.errors[0];
  if (problem) {
    const at = problem.linePos?.[0];
    return decodeProblem(
      problem.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
      at ? { line: at.line, col: at.col } : undefined,
    );
  }
  const twice = duplicateKey(doc);
  if (twice)
    return decodeProblem(`the key "${twice.key.slice(0, 80)}" is given twice`, lines.linePos(twice.offset));
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: YAML_MAX_ALIAS_COUNT }) as unknown };
  } catch (e) {
    // The yaml library's refusal of an alias bomb (a ReferenceError); anything else is the server's own fault.
    if (e instanceof ReferenceError)
      return decodeProblem(
        `aliases expand to too many nodes (at most ${YAML_MAX_ALIAS_COUNT} each); write the values out instead`,
      );
    throw e;
  }
}

/** What the worker answers: the value as pieces of JSON, or whole when JSON cannot spell it (`.inf`, `-0`). */
export type YamlPieces =
  { ok: true; pieces: Piece } | { ok: true; value: unknown } | { ok: false; problem: ErrorItem };

/** Whether JSON text reads back as exactly this value (YAML also has infinities, NaN and minus zero). */
function spelledByJson(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Object.is(v, -0)) return false;
    } else if (v !== null && typeof v === 'object') for (const item of Object.values(v)) stack.push(item);
    else if (v === undefined) return false;
  }
  return true;
}

/** Reads YAML text on the worker: its value cut into pieces for the event loop. */
export function readYamlPieces(text: string): YamlPieces {
  const read = readYaml(text);
  if (!read.ok) return read;
  return spelledByJson(read.value) ? { ok: true, pieces: piecesOf(JSON.stringify(read.value)) } : read;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** A YAML request body read as JSON, or the HttpError saying why not (413 too large, 400 not readable). */
export async function parseYamlBody(body: Buffer | string): Promise<unknown> {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  if (bytes > YAML_BODY_LIMIT)
    throw new HttpError(
      413,
      `${tooLarge(YAML_BODY_LIMIT).replace(/\)$/, ' as YAML')}; send a larger configuration document as JSON)`,
    );
  const text = String(body);
  let read: YamlRead;
  if (bytes <= YAML_INLINE_BYTES) read = readYaml(text);
  else {
    try {
      const answer = await configPool.run<YamlPieces>('readYamlPieces', [text], YAML_BUDGET_MS);
      read = answer.ok && 'pieces' in answer ? { ok: true, value: await assemble(answer.pieces) } : answer;
    } catch (e) {
      if (e instanceof CpuBudgetError)
        throw new HttpError(400, [
          {
            loc: ['body'],
            msg: `the YAML document took longer than the ${seconds(e.budgetMs)} allowed to read; send it as JSON`,
            type: 'value_error.yamldecode',
          },
        ]);
      if (e instanceof CpuPoolBusyError)
        throw new HttpError(
          503,
          'the server is reading other configuration documents; try again in a moment',
          {
            'Retry-After': '5',
          },
        );
      throw e;
    }
  }
  if (!read.ok) throw new HttpError(400, [read.problem]);
  return read.value;
}
