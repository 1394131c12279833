/**
 * A large request body read off the event loop and handed back in pieces. Parsing a document of a few megabytes, or
 * receiving it whole from a worker thread (a structured clone costs more than the parse), would hold the event loop
 * for hundreds of milliseconds. So the worker checks and parses the text, then cuts it into pieces of at most
 * `PIECE_CHARS` characters of JSON at the boundaries of objects' members and arrays' items (the original text, so
 * every value reads back exactly as it was sent); the event loop parses the pieces one by one, yielding between
 * them (service-kit/slices.ts), and builds the same value the whole text stands for.
 */
import secureJsonParse from 'secure-json-parse';
import { jsonTooDeep, jsonTooDeepMessage } from '../../service-kit/jsonDepth';
import { Slices } from '../../service-kit/slices';
import { LONE_SURROGATE_PROBLEM, loneSurrogatePath } from '../../lib/validation/text';
import { decodeUtf8 } from '../http/scope';
import { HttpError } from '../http/errors';
import { offThread } from './offThread';

/** The most JSON text the event loop parses at once (about a millisecond). */
export const PIECE_CHARS = 64 * 1024;

/** A JSON value as pieces: whole (`text`), or an object's members / an array's items, a few at a time. */
export type Piece =
  | { json: string }
  | { object: Array<{ json: string } | { key: string; piece: Piece }> }
  | { array: Array<{ json: string } | { piece: Piece }> };

/** Skips JSON whitespace from `i`. */
function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i += 1;
  }
  return i;
}

/** The end (exclusive) of the value of valid JSON starting at `i`. */
function valueEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === 0x22) {
    for (let j = i + 1; ; j += 1) {
      const c = text.charCodeAt(j);
      if (c === 0x5c) j += 1;
      else if (c === 0x22) return j + 1;
    }
  }
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    for (let j = i; ; j += 1) {
      const c = text.charCodeAt(j);
      if (c === 0x22) j = valueEnd(text, j) - 1;
      else if (c === 0x7b || c === 0x5b) depth += 1;
      else if (c === 0x7d || c === 0x5d) {
        depth -= 1;
        if (depth === 0) return j + 1;
      }
    }
  }
  // A number, true, false or null: up to the next separator.
  let j = i;
  while (j < text.length && !/[\s,\]}]/.test(text[j])) j += 1;
  return j;
}

/** The pieces of the valid JSON value in `text` from `start` to `end`. */
function cut(text: string, start: number, end: number): Piece {
  const open = text.charCodeAt(start);
  if (end - start <= PIECE_CHARS || (open !== 0x7b && open !== 0x5b)) return { json: text.slice(start, end) };
  const isObject = open === 0x7b;
  const parts: Array<{ json: string } | { key: string; piece: Piece } | { piece: Piece }> = [];
  let batch: string[] = [];
  let size = 0;
  const flush = () => {
    if (batch.length) parts.push({ json: isObject ? `{${batch.join(',')}}` : `[${batch.join(',')}]` });
    batch = [];
    size = 0;
  };
  let i = skipSpace(text, start + 1);
  while (text.charCodeAt(i) !== (isObject ? 0x7d : 0x5d)) {
    const memberStart = i;
    let key = '';
    if (isObject) {
      const keyEnd = valueEnd(text, i);
      key = JSON.parse(text.slice(i, keyEnd)) as string;
      i = skipSpace(text, skipSpace(text, keyEnd) + 1);
    }
    const valueStart = i;
    i = valueEnd(text, i);
    if (i - memberStart > PIECE_CHARS) {
      flush();
      const piece = cut(text, valueStart, i);
      parts.push(isObject ? { key, piece } : { piece });
    } else {
      if (size + (i - memberStart) > PIECE_CHARS) flush();
      batch.push(text.slice(memberStart, i));
      size += i - memberStart + 1;
    }
    i = skipSpace(text, i);
    if (text.charCodeAt(i) === 0x2c) i = skipSpace(text, i + 1);
  }
  flush();
  return isObject
    ? { object: parts as Array<{ json: string } | { key: string; piece: Piece }> }
    : { array: parts as Array<{ json: string } | { piece: Piece }> };
}

/** The pieces of a valid JSON text. */
export function piecesOf(text: string): Piece {
  const start = skipSpace(text, 0);
  return cut(text, start, valueEnd(text, start));
}

const bodyProblem = (status: number, msg: string, type: string) =>
  new HttpError(status, [{ loc: ['body'], msg, type }]);

/**
 * A JSON request body checked as every API body is (http/scope.ts: UTF-8, nesting, no prototype keys, no lone
 * surrogates; the same answers): its text and value. Pure: runs on the worker.
 */
export function readJsonValue(body: Uint8Array): { text: string; value: unknown } {
  if (body.length === 0) throw bodyProblem(422, 'field required', 'value_error.missing');
  const text = decodeUtf8(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  if (jsonTooDeep(text)) throw bodyProblem(400, jsonTooDeepMessage(), 'value_error.jsondecode');
  let value: unknown;
  try {
    value = secureJsonParse(text, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw bodyProblem(400, 'Invalid JSON body', 'value_error.jsondecode');
  }
  const at = /\\u[dD][89a-fA-F]/.test(text) ? loneSurrogatePath(value) : null;
  if (at) throw new HttpError(422, [{ loc: ['body', ...at], ...LONE_SURROGATE_PROBLEM }]);
  return { text, value };
}

/** A JSON request body checked as readJsonValue does and cut into pieces. Pure: runs on the worker. */
export const readJsonPieces = (body: Uint8Array): Piece => piecesOf(readJsonValue(body).text);

/** Sets a member as JSON.parse does (a `__proto__` key is a member, not the prototype). */
const setMember = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });

/** The value pieces stand for, built on the event loop a piece at a time. */
export async function assemble(piece: Piece, slices = new Slices()): Promise<unknown> {
  if ('json' in piece) {
    const value: unknown = JSON.parse(piece.json);
    await slices.tick();
    return value;
  }
  if ('array' in piece) {
    const out: unknown[] = [];
    for (const part of piece.array) {
      if ('json' in part) for (const item of JSON.parse(part.json) as unknown[]) out.push(item);
      else out.push(await assemble(part.piece, slices));
      await slices.tick();
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const part of piece.object) {
    if ('json' in part) {
      const members = JSON.parse(part.json) as Record<string, unknown>;
      for (const key of Object.keys(members)) setMember(out, key, members[key]);
    } else setMember(out, part.key, await assemble(part.piece, slices));
    await slices.tick();
  }
  return out;
}

/** Smaller bodies are read at once (a few milliseconds); larger ones on the worker. */
export const JSON_INLINE_BYTES = 64 * 1024;
/** The longest a worker may read one body. */
export const JSON_BUDGET_MS = 20_000;

/** A JSON request body's value, read off the event loop when it is large; refused as http/scope.ts refuses one. */
export async function parseJsonBody(body: Buffer): Promise<unknown> {
  const pieces =
    body.length <= JSON_INLINE_BYTES
      ? readJsonPieces(body)
      : await offThread<Piece>('readJsonPieces', [body], JSON_BUDGET_MS);
  return assemble(pieces);
}
