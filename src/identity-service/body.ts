/** A submitted flow body, JSON or form-encoded, as the flow handlers read it: flat field names to strings. */
export interface Body {
  [name: string]: string;
}

/** Flattens a JSON body (`{traits:{email}}`) to the form field names (`traits.email`). */
export function normalizeBody(raw: unknown): Body {
  const out: Body = {};
  const walk = (value: unknown, prefix: string) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        walk(v, prefix ? `${prefix}.${k}` : k);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out[prefix] = String(value);
    }
  };
  walk(raw, '');
  return out;
}
