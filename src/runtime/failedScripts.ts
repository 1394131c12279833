/**
 * The server's page loads the route's chunks with `<script defer>` tags. When one fails (a deploy removed it, the
 * network dropped it), webpack, asked for that chunk later, finds the tag by its address and waits on it, but its
 * `error` event has already fired: the load would hang until webpack's timeout instead of failing at once (and
 * reloading the page, see src/app/routing/chunkReload.ts). So the entry, which runs before the tags after it, removes
 * each tag that fails: webpack then adds a fresh one whose failure it sees.
 */
export function forgetFailedScripts(doc: Document = document): void {
  for (const script of Array.from(doc.querySelectorAll<HTMLScriptElement>('script[src]')))
    script.addEventListener('error', () => script.remove(), { once: true });
}
