/**
 * One path for every security decision. Fastify's router matches the percent-decoded path while `req.url` is the
 * raw request target, so a check that reads `req.url` (XSRF, API-or-page dispatch) can be walked around with an
 * equivalent spelling (`/%61pi/…`, `http://host/api/…`). Instead of teaching each check every spelling, requests
 * whose path is not in its one canonical form are refused before anything looks at them, and the checks read the
 * path through `canonicalPath(req)`, which is the path the router matched.
 *
 * Canonical means: origin-form (starts with one `/`); no empty segment (`//`), no `.` or `..` segment (also
 * spelled `%2e`), no backslash, no percent-encoded unreserved character (RFC 3986 §2.3: letters, digits, `-._~`),
 * no raw character outside printable ASCII, no encoded `/` or `\`, no double encoding (`%2561`), no control character, valid percent-encoded UTF-8, and the exact spelling of the
 * case-sensitive prefixes it names (`/API/` is not `/api/`).
 */
import type { FastifyRequest } from 'fastify';

export type PathVerdict = { ok: true; path: string } | { ok: false; reason: string };

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The path part of a request target (before `?`; a `#` is never sent by browsers and is refused). */
function rawPathOf(target: string): string {
  const q = target.indexOf('?');
  return q < 0 ? target : target.slice(0, q);
}

/** Percent-decodes strictly: every `%XX` must be hex and the bytes valid UTF-8; null when they are not. */
function strictDecode(raw: string): string | null {
  if (!raw.includes('%')) return raw;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x25) {
      const hex = raw.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(c);
  }
  try {
    return utf8.decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

/**
 * Decides whether a request target is canonical and, if so, returns its decoded path (what the router matches).
 * `prefixes` are case-sensitive path prefixes (`/api/`, `/identity/`); a path naming one in another case is refused.
 */
export function canonicalise(target: string, prefixes: readonly string[] = []): PathVerdict {
  if (!target.startsWith('/') || target.startsWith('//'))
    return { ok: false, reason: 'the request target must be a path starting with a single "/"' };
  if (target.includes('#')) return { ok: false, reason: 'the request target must not contain "#"' };
  const raw = rawPathOf(target);
  if (raw.includes('\\')) return { ok: false, reason: 'the path must not contain a backslash' };
  // Browsers percent-encode everything outside ASCII; raw bytes would be read differently by each parser.
  if (/[^\u0021-\u007e]/.test(raw))
    return { ok: false, reason: 'the path must be printable ASCII (percent-encode other characters)' };
  for (const m of raw.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    const ch = String.fromCharCode(parseInt(m[1], 16));
    if (UNRESERVED.test(ch))
      return { ok: false, reason: `the path encodes "${ch}", which must be written as itself` };
    if (ch === '/' || ch === '\\') return { ok: false, reason: 'the path must not contain an encoded slash' };
    if (ch === '%' && /^[0-9A-Fa-f]{2}/.test(raw.slice((m.index ?? 0) + 3)))
      return { ok: false, reason: 'the path must not contain double-encoded characters' };
  }
  const path = strictDecode(raw);
  if (path === null) return { ok: false, reason: 'the path is not valid percent-encoded UTF-8' };
  if (/[\u0000-\u001f\u007f]/.test(path))
    return { ok: false, reason: 'the path must not contain control characters' };
  const segments = path.split('/').slice(1);
  if (segments.slice(0, -1).some((s) => s === ''))
    return { ok: false, reason: 'the path must not contain empty segments ("//")' };
  if (segments.some((s) => s === '.' || s === '..'))
    return { ok: false, reason: 'the path must not contain "." or ".." segments' };
  const lower = path.toLowerCase();
  for (const prefix of prefixes) {
    const p = prefix.toLowerCase();
    const named = lower.startsWith(p) || lower === p.replace(/\/$/, '');
    if (named && !path.startsWith(prefix) && path !== prefix.replace(/\/$/, ''))
      return { ok: false, reason: `the path must spell "${prefix}" in that case` };
  }
  return { ok: true, path };
}

/**
 * Where a request target would lead once an attacker's spelling is undone (best-effort decoding, backslashes as
 * slashes, empty and dot segments resolved, lower case). Only for choosing the error format of a refusal.
 */
export function looseNormalise(target: string): string {
  let path = rawPathOf(target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, ''));
  for (let i = 0; i < 3 && /%[0-9A-Fa-f]{2}/.test(path); i++) {
    path = path.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  const out: string[] = [];
  for (const s of path.replace(/\\/g, '/').split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return `/${out.join('/')}${/[/\\]$/.test(path) && out.length ? '/' : ''}`.toLowerCase();
}

const verdicts = new WeakMap<FastifyRequest, PathVerdict>();

/** Thrown by `canonicalPath` for a non-canonical target: a 400 in whatever error format the route's scope uses. */
export class NonCanonicalPathError extends Error {
  readonly statusCode = 400;
  constructor(reason: string) {
    super(`Bad Request: ${reason}`);
    this.name = 'NonCanonicalPathError';
  }
}

/** Records the verdict the root server's first hook reached with its prefixes, so later checks reuse it. */
export function rememberVerdict(req: FastifyRequest, verdict: PathVerdict): void {
  verdicts.set(req, verdict);
}

/**
 * The request's canonical, decoded path: the one the router matched. Every path-based security decision uses it.
 * Throws a 400 error for a non-canonical target (fail closed when the root server's refusal hook is not installed,
 * as in tests that mount one service alone).
 */
export function canonicalPath(req: FastifyRequest): string {
  let verdict = verdicts.get(req);
  if (!verdict) {
    verdict = canonicalise(req.url);
    verdicts.set(req, verdict);
  }
  if (!verdict.ok) throw new NonCanonicalPathError(verdict.reason);
  return verdict.path;
}

/** Whether `path` is `prefix` itself or lies under it (prefix without trailing slash, e.g. `/api`). */
export function isUnder(path: string, prefix: string): boolean {
  const p = prefix.replace(/\/+$/, '');
  return p === '' || path === p || path.startsWith(`${p}/`);
}
