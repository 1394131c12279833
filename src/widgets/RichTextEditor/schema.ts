/**
 * The rich-text schema (§9 tools): paragraphs, title (h2) and subtitle (h3) with left/center alignment, bold, italic,
 * strikethrough and links. Links whose address does not start with http, mailto: or tel: are dropped when parsing, so
 * pasted or loaded HTML cannot smuggle `javascript:` links; everything outside the schema is discarded.
 */
import { Schema, type DOMOutputSpec, type Node as PMNode } from 'prosemirror-model';
import { isAllowedLinkHref } from '../../lib/validation';

export type Align = 'left' | 'center';

const alignOf = (el: HTMLElement): Align =>
  el.style.textAlign === 'center' || el.getAttribute('data-align') === 'center' ? 'center' : 'left';
const alignAttrs = (node: PMNode) =>
  node.attrs.align === 'center' ? { style: 'text-align: center', 'data-align': 'center' } : {};

export const richTextSchema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: {
      group: 'block',
      content: 'inline*',
      attrs: { align: { default: 'left' } },
      parseDOM: [{ tag: 'p', getAttrs: (el) => ({ align: alignOf(el as HTMLElement) }) }],
      toDOM: (node): DOMOutputSpec => ['p', alignAttrs(node), 0],
    },
    heading: {
      group: 'block',
      content: 'inline*',
      defining: true,
      attrs: { level: { default: 2 }, align: { default: 'left' } },
      parseDOM: [
        { tag: 'h1', getAttrs: (el) => ({ level: 2, align: alignOf(el as HTMLElement) }) },
        { tag: 'h2', getAttrs: (el) => ({ level: 2, align: alignOf(el as HTMLElement) }) },
        { tag: 'h3', getAttrs: (el) => ({ level: 3, align: alignOf(el as HTMLElement) }) },
        { tag: 'h4', getAttrs: (el) => ({ level: 3, align: alignOf(el as HTMLElement) }) },
      ],
      toDOM: (node): DOMOutputSpec => [`h${node.attrs.level === 3 ? 3 : 2}`, alignAttrs(node), 0],
    },
    text: { group: 'inline' },
    hard_break: {
      inline: true,
      group: 'inline',
      selectable: false,
      parseDOM: [{ tag: 'br' }],
      toDOM: (): DOMOutputSpec => ['br'],
    },
  },
  marks: {
    link: {
      attrs: { href: {} },
      inclusive: false,
      parseDOM: [
        {
          tag: 'a[href]',
          getAttrs: (el) => {
            const href = (el as HTMLElement).getAttribute('href') ?? '';
            return isAllowedLinkHref(href) ? { href } : false;
          },
        },
      ],
      toDOM: (mark): DOMOutputSpec => [
        'a',
        { href: mark.attrs.href, rel: 'noopener noreferrer', target: '_blank' },
        0,
      ],
    },
    strong: {
      parseDOM: [
        { tag: 'strong' },
        { tag: 'b' },
        {
          style: 'font-weight',
          getAttrs: (v) => (/^(bold(er)?|[5-9]\d{2,})$/.test(v as string) ? null : false),
        },
      ],
      toDOM: (): DOMOutputSpec => ['strong', 0],
    },
    em: {
      parseDOM: [{ tag: 'em' }, { tag: 'i' }, { style: 'font-style=italic' }],
      toDOM: (): DOMOutputSpec => ['em', 0],
    },
    strike: {
      parseDOM: [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }, { style: 'text-decoration=line-through' }],
      toDOM: (): DOMOutputSpec => ['s', 0],
    },
  },
});
