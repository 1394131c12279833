/**
 * Markdown of server messages as safe HTML, with the parser and sanitiser (marked + DOMPurify, about a fifth of the
 * console's first-load script) loaded only once a message needs them. Until then the text shows escaped.
 */
import { useEffect, useState } from 'react';

type Renderer = (markdown: string) => string;
let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/** Loads the markdown renderer once; later calls share the same promise. */
export function loadMarkdownRenderer(): Promise<Renderer> {
  loading ??= import(/* webpackChunkName: "markdown" */ './markdown').then(
    (m) => (renderer = m.renderMarkdown),
  );
  return loading;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function useMarkdown(markdown: string): string {
  const [, setLoaded] = useState(renderer !== null);
  useEffect(() => {
    if (renderer) return;
    let live = true;
    loadMarkdownRenderer().then(
      () => live && setLoaded(true),
      () => {}, // offline: the escaped text stays
    );
    return () => {
      live = false;
    };
  }, []);
  return renderer ? renderer(markdown) : `<p>${escapeHtml(markdown)}</p>`;
}
