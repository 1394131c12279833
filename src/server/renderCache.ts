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
  html: string;
  scriptNonce: string;
  styleNonce: string;
  expiresAt: number;
}

/** The page cut at its placeholder nonces: text, then which nonce goes next (0 script, 1 style), and so on. */
interface Template {
  status: number;
  texts: string[];
  slots: Array<0 | 1>;
  expiresAt: number;
}

function toTemplate(entry: CachedRender): Template {
  const { html, scriptNonce, styleNonce } = entry;
  const texts: string[] = [];
  const slots: Array<0 | 1> = [];
  // Two indexOf scans: a regular expression over the page showed in profiles of every render kept.
  let last = 0;
  let script = html.indexOf(scriptNonce);
  let style = html.indexOf(styleNonce);
  while (script >= 0 || style >= 0) {
    const isScript = script >= 0 && (style < 0 || script < style);
    const at = isScript ? script : style;
    texts.push(html.slice(last, at));
    slots.push(isScript ? 0 : 1);
    last = at + (isScript ? scriptNonce.length : styleNonce.length);
    if (isScript) script = html.indexOf(scriptNonce, last);
    else style = html.indexOf(styleNonce, last);
  }
  texts.push(html.slice(last));
  return { status: entry.status, texts, slots, expiresAt: entry.expiresAt };
}

function fill(entry: Template, nonces: { script: string; style: string }) {
  let html = entry.texts[0];
  for (let i = 0; i < entry.slots.length; i++)
    html += (entry.slots[i] === 0 ? nonces.script : nonces.style) + entry.texts[i + 1];
  return { status: entry.status, html };
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

  get(key: string, nonces: { script: string; style: string }): { status: number; html: string } | null {
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
  ): { status: number; html: string } {
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
