/**
 * Agreement terms and messages are markdown from the appliance: parsed with `marked`, then sanitised with
 * DOMPurify so scripts, event handlers and `javascript:` links never reach the page. Without a DOM (server
 * render) there is nothing to sanitise with, so the text is returned escaped instead of as HTML.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

const SAFE_URL = /^(?:https?:|mailto:|tel:|#|\/(?!\/))/i;

let hooked = false;
function installHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      // Only web, mail, phone and in-page links survive (DOMPurify already drops javascript:; this is stricter).
      if (href && !SAFE_URL.test(href.trim())) node.removeAttribute('href');
      if (/^https?:/i.test(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
  });
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Markdown → safe HTML for `dangerouslySetInnerHTML`. */
export function renderMarkdown(markdown: string): string {
  if (!DOMPurify.isSupported) return `<p>${escapeHtml(markdown)}</p>`;
  installHooks();
  const html = marked.parse(markdown ?? '', { async: false, gfm: true, breaks: false }) as string;
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
