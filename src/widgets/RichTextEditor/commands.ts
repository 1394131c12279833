/** Editor commands and state queries of the rich-text tools (pure over EditorState; tested without a view). */
import {
  DOMParser as PMDOMParser,
  DOMSerializer,
  type MarkType,
  type Node as PMNode,
} from 'prosemirror-model';
import { EditorState, type Command, type Transaction } from 'prosemirror-state';
import { setBlockType, toggleMark } from 'prosemirror-commands';
import { isAllowedLinkHref } from '../../lib/validation';
import { richTextSchema as schema, type Align } from './schema';

export const SELECT_TEXT_MESSAGE = 'Select the text to turn into a link first.';
export const LINK_FORMAT_MESSAGE = 'A link must start with http, mailto: or tel:.';

export type MarkName = 'strong' | 'em' | 'strike';
export type BlockKind = 'paragraph' | 'title' | 'subtitle';

/** Parses stored HTML into a document (using the browser's parser; only schema content survives). */
export function parseHtml(html: string): PMNode {
  const container = document.createElement('div');
  container.innerHTML = html;
  return PMDOMParser.fromSchema(schema).parse(container);
}

/** Serialises a document to HTML. */
export function toHtml(doc: PMNode): string {
  const container = document.createElement('div');
  container.appendChild(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
  return container.innerHTML;
}

export const toggle = (name: MarkName): Command => toggleMark(schema.marks[name]);

/** Whether the mark is on at the cursor or across the selection. */
export function isMarkActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks || $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

/** The kind of the block holding the selection start. */
export function blockKind(state: EditorState): BlockKind {
  const node = state.selection.$from.parent;
  if (node.type === schema.nodes.heading) return node.attrs.level === 3 ? 'subtitle' : 'title';
  return 'paragraph';
}

/** Title (h2) or subtitle (h3); applying the current kind again turns the block back into a paragraph. */
export function setBlock(kind: Exclude<BlockKind, 'paragraph'>): Command {
  return (state, dispatch) => {
    const align = state.selection.$from.parent.attrs.align ?? 'left';
    if (blockKind(state) === kind) return setBlockType(schema.nodes.paragraph, { align })(state, dispatch);
    return setBlockType(schema.nodes.heading, { level: kind === 'title' ? 2 : 3, align })(state, dispatch);
  };
}

/** The alignment of the block holding the selection start. */
export const alignmentOf = (state: EditorState): Align =>
  state.selection.$from.parent.attrs.align === 'center' ? 'center' : 'left';

/** Aligns every text block touched by the selection. */
export function setAlign(align: Align): Command {
  return (state, dispatch) => {
    const { from, to } = state.selection;
    const tr: Transaction = state.tr;
    state.doc.nodesBetween(from, to, (node, pos) => {
      if (node.isTextblock && 'align' in node.attrs && node.attrs.align !== align)
        tr.setNodeMarkup(pos, undefined, { ...node.attrs, align });
    });
    if (!tr.docChanged) return false;
    dispatch?.(tr);
    return true;
  };
}

/** The href of a link in the selection, if any. */
export function linkAt(state: EditorState): string | null {
  const { from, to, $from, empty } = state.selection;
  const type = schema.marks.link;
  if (empty) return type.isInSet($from.marks())?.attrs.href ?? null;
  let href: string | null = null;
  state.doc.nodesBetween(from, to, (node) => {
    const mark = type.isInSet(node.marks);
    if (mark && href === null) href = mark.attrs.href as string;
  });
  return href;
}

export type LinkResult = { ok: true; tr: Transaction } | { ok: false; message: string };

/** §5 links need selected text and an address starting with http, mailto: or tel:. */
export function applyLink(state: EditorState, href: string): LinkResult {
  const { from, to, empty } = state.selection;
  if (empty) return { ok: false, message: SELECT_TEXT_MESSAGE };
  const clean = href.trim();
  if (!isAllowedLinkHref(clean)) return { ok: false, message: LINK_FORMAT_MESSAGE };
  const type = schema.marks.link;
  return {
    ok: true,
    tr: state.tr.removeMark(from, to, type).addMark(from, to, type.create({ href: clean })),
  };
}

/** Removes links from the selection (or the whole link around the cursor). */
export function removeLink(state: EditorState): Transaction | null {
  const type = schema.marks.link;
  let { from, to } = state.selection;
  if (state.selection.empty) {
    const $pos = state.selection.$from;
    const start = $pos.parent.childAfter($pos.parentOffset);
    if (!start.node || !type.isInSet(start.node.marks)) return null;
    from = $pos.start() + start.offset;
    to = from + start.node.nodeSize;
  }
  return state.doc.rangeHasMark(from, to, type) ? state.tr.removeMark(from, to, type) : null;
}
