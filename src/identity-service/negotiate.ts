/**
 * JSON or browser: Kratos (`x/isjsonrequest.go`) treats a request as JSON when `Content-Type` is application/json or
 * `Accept` negotiates to application/json among the offers text/html, text/*, *\/*, application/json (default
 * text/html), with gddo's rule: highest q wins, on a tie the less wildcarded match wins, then offer order.
 */
const OFFERS = ['text/html', 'text/*', '*/*', 'application/json'];

interface Spec {
  value: string;
  q: number;
}

function parseAccept(header: string): Spec[] {
  return header
    .split(',')
    .map((part) => {
      const [value, ...params] = part.trim().split(';');
      let q = 1;
      for (const p of params) {
        const [k, v] = p.trim().split('=');
        if (k === 'q') q = Number(v);
      }
      return { value: value.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((s) => s.value);
}

export function negotiateContentType(accept: string | undefined): string {
  if (!accept) return 'text/html';
  const specs = parseAccept(accept);
  let best = 'text/html';
  let bestQ = -1;
  let bestWild = 3;
  for (const offer of OFFERS) {
    for (const spec of specs) {
      if (spec.q <= 0) continue;
      let wild: number;
      if (spec.value === '*/*') wild = 2;
      else if (spec.value.endsWith('/*')) {
        if (!offer.startsWith(spec.value.slice(0, -1))) continue;
        wild = 1;
      } else if (spec.value === offer) wild = 0;
      else continue;
      if (spec.q < bestQ) continue;
      if (spec.q === bestQ && wild >= bestWild) continue;
      bestQ = spec.q;
      bestWild = wild;
      best = offer;
    }
  }
  return bestQ <= 0 ? 'text/html' : best;
}

export function isJsonRequest(headers: { accept?: string; 'content-type'?: string }): boolean {
  const ct = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (ct === 'application/json') return true;
  return negotiateContentType(headers.accept) === 'application/json';
}
