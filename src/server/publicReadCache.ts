/**
 * Answers of public, user-independent API reads that every render makes (the custom style of
 * `{api}config/settings`), kept for a short time so a render does not inject a request for them. The server clears
 * it whenever a write under `{api}config/` succeeds, so a change shows on the next render; the TTL only bounds how
 * long a change made outside this process (none today) could stay unseen.
 */
export interface PublicRead {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

export class PublicReadCache {
  private readonly entries = new Map<string, PublicRead & { expiresAt: number }>();

  constructor(
    /** Exact same-origin paths (with query) that may be cached. */
    private readonly paths: ReadonlySet<string>,
    private readonly ttlMs = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  covers(path: string): boolean {
    return this.paths.has(path);
  }

  get(path: string): PublicRead | null {
    const entry = this.entries.get(path);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(path);
      return null;
    }
    return entry;
  }

  set(path: string, read: PublicRead) {
    if (!this.covers(path)) return;
    // A cookie the answer set belonged to the request that fetched it, never to the next render.
    const headers = new Headers(read.headers);
    headers.delete('set-cookie');
    this.entries.set(path, { ...read, headers, expiresAt: this.now() + this.ttlMs });
  }

  clear() {
    this.entries.clear();
  }
}
