/** The HTML document around a server render. Everything interpolated is escaped; scripts carry the CSP nonce. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that is safe inside a <script> element: `<` is escaped so no `</script>` or `<!--` can break out, and the
 * line separators JavaScript once rejected are escaped too.
 */
export function serializeForScript(value: unknown): string {
  // One pass over the state (five replace passes showed in every render's profile).
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]!);
}

/** What each state (and each slice of one) serialised to: state is never changed in place (Redux's contract). */
const serialised = new WeakMap<object, string>();

/**
 * A Redux state as `serializeForScript` writes it, slice by slice, each slice's JSON kept by the slice object: most
 * slices of a server render are the very objects of the previous render (initial states, the shell's kept answers),
 * and serialising the whole state showed in every render's profile.
 */
export function serializeStateForScript(state: Record<string, unknown>): string {
  const whole = serialised.get(state);
  if (whole !== undefined) return whole;
  const parts: string[] = [];
  for (const key of Object.keys(state)) {
    const value = state[key];
    let json = value && typeof value === 'object' ? serialised.get(value) : undefined;
    if (json === undefined) {
      const written = JSON.stringify(value) as string | undefined;
      // Left out of JSON.stringify's own output too (undefined, functions).
      if (written === undefined) continue;
      json = written.replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]!);
      if (value && typeof value === 'object') serialised.set(value, json);
    }
    parts.push(`${JSON.stringify(key).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]!)}:${json}`);
  }
  const json = `{${parts.join(',')}}`;
  serialised.set(state, json);
  return json;
}

export interface DocumentParts {
  title: string;
  body: string;
  /** The state the browser starts from, as `serializeStateForScript` wrote it. */
  stateJson: string;
  stateElementId: string;
  nonce: string;
  /** Nonce of style-src (a different value from the script nonce). */
  styleNonce: string;
  scripts: string[];
  styles: string[];
  /** data-theme of <html>, when the visitor chose one. */
  theme?: 'light' | 'dark';
  /** Custom colours as CSS custom properties (already validated as colours). */
  customProperties?: Record<string, string>;
}

export function renderDocument(p: DocumentParts): string {
  const nonce = escapeHtml(p.nonce);
  const custom = Object.entries(p.customProperties ?? {});
  const customStyle = custom.length
    ? `<style nonce="${escapeHtml(p.styleNonce)}">:root{${custom.map(([k, v]) => `${k}:${v}`).join(';')}}</style>`
    : '';
  return (
    `<!doctype html><html lang="en-US"${p.theme ? ` data-theme="${p.theme}"` : ''}><head>` +
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(p.title)}</title>` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    p.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('') +
    customStyle +
    p.scripts.map((src) => `<script defer src="${escapeHtml(src)}" nonce="${nonce}"></script>`).join('') +
    `</head><body><div id="root">${p.body}</div>` +
    `<script type="application/json" id="${p.stateElementId}" nonce="${nonce}">${p.stateJson}</script>` +
    `</body></html>`
  );
}
