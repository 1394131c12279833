/**
 * A short-lived cache of rendered pages. Anonymous pages (the login page above all) depend only on the URL, the
 * theme cookie and state that changes rarely (custom style, build): the server keeps them for a second by address,
 * which removes the store, saga, router and render work from the hot path. Signed-in pages are kept by their
 * complete input instead (see server/render.tsx). Each entry is rendered with its own placeholder nonces, replaced
 * by the response's fresh nonces on every hit, so the CSP stays per-response.
 */
import { randomBytes } from 'node:crypto';

export interface CachedRender {
  status: number;
  html: string | Buffer;
  scriptNonce: string;
  styleNonce: string;
  expiresAt: number;
}

/**
 * The page as bytes, with where each placeholder nonce stands (0 script, 1 style). A hit is one copy of the bytes
 * with the response's nonces between them: a page rebuilt as a string on every hit was encoded again on every write,
 * the largest cost of a cached login page in profiles.
 */
interface Template {
  status: number;
  page: Buffer;
  slots: Array<{ at: number; end: number; kind: 0 | 1 }>;
  expiresAt: number;
}

function toTemplate(entry: CachedRender): Template {
  const page = typeof entry.html === 'string' ? Buffer.from(entry.html, 'utf8') : entry.html;
  const script = Buffer.from(entry.scriptNonce, 'utf8');
  const style = Buffer.from(entry.styleNonce, 'utf8');
  const slots: Template['slots'] = [];
  // Two indexOf scans over the bytes: a regular expression over the page showed in profiles of every render kept.
  let at = 0;
  let nextScript = page.indexOf(script, at);
  let nextStyle = page.indexOf(style, at);
  while (nextScript >= 0 || nextStyle >= 0) {
    const isScript = nextScript >= 0 && (nextStyle < 0 || nextScript < nextStyle);
    const start = isScript ? nextScript : nextStyle;
    at = start + (isScript ? script.length : style.length);
    slots.push({ at: start, end: at, kind: isScript ? 0 : 1 });
    if (isScript) nextScript = page.indexOf(script, at);
    else nextStyle = page.indexOf(style, at);
  }
  return { status: entry.status, page, slots, expiresAt: entry.expiresAt };
}

function fill(entry: Template, nonces: { script: string; style: string }) {
  // The usual case: the response's nonces are as long as the placeholders, so they are written over a copy.
  const fits = entry.slots.every(
    (slot) => slot.end - slot.at === Buffer.byteLength(slot.kind === 0 ? nonces.script : nonces.style),
  );
  if (fits) {
    const html = Buffer.allocUnsafe(entry.page.length);
    entry.page.copy(html);
    for (const slot of entry.slots)
      html.write(slot.kind === 0 ? nonces.script : nonces.style, slot.at, 'utf8');
    return { status: entry.status, html };
  }
  const script = Buffer.from(nonces.script, 'utf8');
  const style = Buffer.from(nonces.style, 'utf8');
  const parts: Buffer[] = [];
  let from = 0;
  for (const slot of entry.slots) {
    parts.push(entry.page.subarray(from, slot.at), slot.kind === 0 ? script : style);
    from = slot.end;
  }
  parts.push(entry.page.subarray(from));
  return { status: entry.status, html: Buffer.concat(parts) };
}

export class RenderCache {
  private readonly entries = new Map<string, Template>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** Off: nothing is kept (tests compare both). */
  enabled = true;

  get size() {
    return this.entries.size;
  }

  /** Fresh placeholder nonces for a render that will be cached. */
  static placeholders() {
    return { scriptNonce: randomBytes(16).toString('hex'), styleNonce: randomBytes(16).toString('hex') };
  }

  get(key: string, nonces: { script: string; style: string }): { status: number; html: Buffer } | null {
    const entry = this.enabled ? this.entries.get(key) : undefined;
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return fill(entry, nonces);
  }

  /** Keeps a page rendered with placeholder nonces and gives it back with the response's own. */
  keep(
    key: string,
    value: Omit<CachedRender, 'expiresAt'>,
    nonces: { script: string; style: string },
  ): { status: number; html: Buffer } {
    const template = toTemplate({ ...value, expiresAt: this.now() + this.ttlMs });
    if (!this.enabled) return fill(template, nonces);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, template);
    return fill(template, nonces);
  }

  clear() {
    this.entries.clear();
  }
}
