/**
 * A micro-cache of anonymous page renders. Anonymous pages (the login page above all) depend only on the URL, the
 * theme cookie and state that changes rarely (custom style, build); caching them for a second removes the store,
 * saga, router and render work from the hot path. Each entry is rendered with its own placeholder nonces, replaced
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

export class RenderCache {
  private readonly entries = new Map<string, CachedRender>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** Fresh placeholder nonces for a render that will be cached. */
  static placeholders() {
    return { scriptNonce: randomBytes(16).toString('hex'), styleNonce: randomBytes(16).toString('hex') };
  }

  get(key: string, nonces: { script: string; style: string }): { status: number; html: string } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    const html = entry.html.split(entry.scriptNonce).join(nonces.script).split(entry.styleNonce).join(nonces.style);
    return { status: entry.status, html };
  }

  set(key: string, value: Omit<CachedRender, 'expiresAt'>) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...value, expiresAt: this.now() + this.ttlMs });
  }

  clear() {
    this.entries.clear();
  }
}
