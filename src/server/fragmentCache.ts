/**
 * The HTML of server fragments (see app/serverFragments.tsx), kept by their key: the part's name, the address and
 * the content of the slices it reads. A render asks for a slot per fragment: a kept part renders as a marker that
 * `finish` replaces by its HTML; any other renders between start and end markers, and `finish` keeps what lies
 * between them and drops the markers. Markers carry a random token of this process, so no page content can pose as
 * one. A part that holds a response's nonce is never kept (nonces stay per response), nor one React announces
 * elsewhere in the page too (an image's preload link).
 */
import { randomBytes } from 'node:crypto';
import type { FragmentRender } from '../app/serverFragments';

/** What React puts between two adjacent text nodes; next to a marker it would not be in a render without them. */
const TEXT_SEPARATOR = '<!-- -->';
/**
 * Elements React also announces outside the part (an image's preload link, hoisted styles, scripts, titles): a kept
 * part would lose those, so a part holding one is never kept.
 */
const HOISTED = /<(?:img|link|script|style|meta|title|base)[\s/>]/i;
const NEXT_TO_TEXT = 'a server fragment must not sit next to text: wrap it or its text in an element';

export class FragmentCache {
  private readonly entries = new Map<string, string>();
  private readonly token = `f${randomBytes(12).toString('hex')}`;
  private readonly markers = new RegExp(`${this.token}([hse])(\\d+)_`, 'g');

  constructor(private readonly maxEntries = 500) {}

  /** Off: every render renders every part (tests compare both). */
  enabled = true;

  get size() {
    return this.entries.size;
  }

  clear() {
    this.entries.clear();
  }

  /** The fragment slots of one render; `finish` turns its HTML into the page's. */
  begin(): FragmentRender & { finish(html: string, nonces: readonly string[]): string } {
    const kept: string[] = [];
    const captured: string[] = [];
    let next = 0;
    return {
      slot: (key) => {
        const i = next++;
        const html = this.enabled ? this.entries.get(key) : undefined;
        if (html !== undefined) {
          // Most recently used last: the oldest entry is the one dropped when full.
          this.entries.delete(key);
          this.entries.set(key, html);
          kept[i] = html;
          return { marker: `${this.token}h${i}_` };
        }
        captured[i] = key;
        return { start: `${this.token}s${i}_`, end: `${this.token}e${i}_` };
      },
      finish: (html, nonces) => {
        if (next === 0) return html;
        let out = '';
        let last = 0;
        const starts: number[] = [];
        // Kept only once the whole page has passed the checks.
        const parts: Array<[key: string, html: string]> = [];
        for (const m of html.matchAll(this.markers)) {
          const at = m.index;
          let gap = html.slice(last, at);
          // Between two markers React separates them as adjacent texts; a plain render has no text there.
          if (last > 0 && gap === TEXT_SEPARATOR) gap = '';
          else if (gap.endsWith(TEXT_SEPARATOR) || (last > 0 && gap.startsWith(TEXT_SEPARATOR)))
            throw new Error(NEXT_TO_TEXT);
          out += gap;
          last = at + m[0].length;
          const i = Number(m[2]);
          if (m[1] === 'h') out += kept[i];
          else if (m[1] === 's') starts[i] = out.length;
          else {
            const part = out.slice(starts[i]);
            if (this.enabled && !HOISTED.test(part) && !nonces.some((n) => n && part.includes(n)))
              parts.push([captured[i], part]);
          }
        }
        if (last > 0 && html.startsWith(TEXT_SEPARATOR, last)) throw new Error(NEXT_TO_TEXT);
        for (const [key, part] of parts) this.keep(key, part);
        return out + html.slice(last);
      },
    };
  }

  private keep(key: string, html: string) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, html);
  }
}
