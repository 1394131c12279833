/** @jest-environment jsdom */
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorState, TextSelection } from 'prosemirror-state';
import {
  RichTextEditor,
  richTextSchema,
  applyLink,
  parseHtml,
  toHtml,
  SELECT_TEXT_MESSAGE,
  LINK_FORMAT_MESSAGE,
} from '../../src/widgets/RichTextEditor';
import {
  setAlign,
  setBlock,
  toggle,
  blockKind,
  alignmentOf,
  isMarkActive,
  removeLink,
} from '../../src/widgets/RichTextEditor/commands';
import { expectNoSeriousA11yViolations } from './support/a11y';

function stateOf(html: string, from?: number, to?: number) {
  const doc = parseHtml(html);
  const state = EditorState.create({ doc, schema: richTextSchema });
  return from === undefined
    ? state
    : state.apply(state.tr.setSelection(TextSelection.create(doc, from, to ?? from)));
}
function run(
  state: EditorState,
  cmd: (s: EditorState, d: (tr: import('prosemirror-state').Transaction) => void) => boolean,
) {
  let next = state;
  cmd(state, (tr) => {
    next = state.apply(tr);
  });
  return next;
}

describe('rich-text commands', () => {
  it('parses only schema content and drops disallowed links and scripts', () => {
    const html =
      '<p>Hi <a href="javascript:alert(1)">bad</a> <a href="https://ok.example">ok</a><script>x()</script><img src=x onerror=alert(1)></p>';
    expect(toHtml(parseHtml(html))).toBe(
      '<p>Hi bad <a href="https://ok.example" rel="noopener noreferrer" target="_blank">ok</a></p>',
    );
  });

  it('toggles bold, italic and strikethrough on the selection', () => {
    let s = stateOf('<p>Hello world</p>', 1, 6);
    s = run(s, toggle('strong'));
    s = run(s, toggle('em'));
    s = run(s, toggle('strike'));
    expect(toHtml(s.doc)).toBe('<p><strong><em><s>Hello</s></em></strong> world</p>');
    expect(isMarkActive(s, richTextSchema.marks.strong)).toBe(true);
    s = run(s, toggle('strong'));
    expect(toHtml(s.doc)).toBe('<p><em><s>Hello</s></em> world</p>');
  });

  it('makes a title (h2) or subtitle (h3) and back, keeping alignment', () => {
    let s = stateOf('<p style="text-align: center">Heading</p>', 2);
    s = run(s, setBlock('title'));
    expect(blockKind(s)).toBe('title');
    expect(toHtml(s.doc)).toBe('<h2 style="text-align: center;" data-align="center">Heading</h2>');
    s = run(s, setBlock('subtitle'));
    expect(toHtml(s.doc)).toMatch(/^<h3/);
    s = run(s, setBlock('subtitle'));
    expect(toHtml(s.doc)).toBe('<p style="text-align: center;" data-align="center">Heading</p>');
  });

  it('aligns every block in the selection', () => {
    let s = stateOf('<p>One</p><p>Two</p>', 1, 8);
    s = run(s, setAlign('center'));
    expect(alignmentOf(s)).toBe('center');
    expect(toHtml(s.doc)).toBe(
      '<p style="text-align: center;" data-align="center">One</p><p style="text-align: center;" data-align="center">Two</p>',
    );
    expect(run(s, setAlign('center'))).toBe(s);
  });

  it.each([
    ['https://example.com', true],
    ['mailto:noc@example.com', true],
    ['tel:+41441234567', true],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
  ])('links %s only when allowed', (href, ok) => {
    const result = applyLink(stateOf('<p>Contact us</p>', 1, 8), href);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.message).toBe(LINK_FORMAT_MESSAGE);
  });

  it('asks for selected text before linking, and removes a link around the cursor', () => {
    const empty = applyLink(stateOf('<p>Contact</p>', 2), 'https://example.com');
    expect(empty).toEqual({ ok: false, message: SELECT_TEXT_MESSAGE });
    const linked = stateOf('<p><a href="https://a.example">Contact</a> us</p>', 3);
    const tr = removeLink(linked);
    expect(tr && toHtml(linked.apply(tr).doc)).toBe('<p>Contact us</p>');
  });
});

function Harness({ initial, onHtml }: { initial: string; onHtml?: (h: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="Announcement"
      value={value}
      onChange={(h) => {
        setValue(h);
        onHtml?.(h);
      }}
    />
  );
}

/** Selects `length` characters of the first text node of the editor, as a user's drag would. */
function selectText(editor: HTMLElement, start: number, length: number) {
  const walker = document.createTreeWalker(editor, NodeFilter.SHOW_TEXT);
  const node = walker.nextNode() as Text;
  act(() => {
    editor.focus();
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + length);
    const sel = document.getSelection() as Selection;
    sel.removeAllRanges();
    sel.addRange(range);
    fireEvent(document, new Event('selectionchange'));
  });
}

describe('RichTextEditor', () => {
  beforeAll(() => {
    // jsdom has no layout; ProseMirror asks for rectangles when scrolling the selection into view.
    Range.prototype.getClientRects = () =>
      ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
    document.elementFromPoint = () => null;
  });

  it('labels the editor and its toolbar, with one tab stop and arrow navigation', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>Hello</p>" />);
    expect(screen.getByRole('textbox', { name: 'Announcement' })).toHaveAttribute('contenteditable', 'true');
    const toolbar = screen.getByRole('toolbar', { name: 'Announcement formatting' });
    expect(toolbar).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Strikethrough' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Align center' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Announcement' })).toHaveFocus();
  });

  it('asks to select text when Link is used without a selection', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>Hello</p>" />);
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SELECT_TEXT_MESSAGE);
  });

  it('formats the selected text and links it, refusing a bad address', async () => {
    const user = userEvent.setup();
    const onHtml = jest.fn();
    render(<Harness initial="<p>Read the terms</p>" onHtml={onHtml} />);
    const editor = screen.getByRole('textbox', { name: 'Announcement' });
    selectText(editor, 9, 5);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(onHtml).toHaveBeenLastCalledWith('<p>Read the <strong>terms</strong></p>'));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    expect(address).toHaveFocus();
    await user.clear(address);
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_FORMAT_MESSAGE);
    await user.clear(address);
    await user.type(address, 'https://example.com/terms{Enter}');
    expect(onHtml).toHaveBeenLastCalledWith(
      '<p>Read the <a href="https://example.com/terms" rel="noopener noreferrer" target="_blank"><strong>terms</strong></a></p>',
    );
    expect(screen.queryByRole('textbox', { name: 'Link address' })).not.toBeInTheDocument();
  });

  it('makes a title and centers it from the toolbar', async () => {
    const user = userEvent.setup();
    const onHtml = jest.fn();
    render(<Harness initial="<p>Maintenance</p>" onHtml={onHtml} />);
    selectText(screen.getByRole('textbox', { name: 'Announcement' }), 0, 3);
    await user.click(screen.getByRole('button', { name: 'Title' }));
    await user.click(screen.getByRole('button', { name: 'Align center' }));
    expect(onHtml).toHaveBeenLastCalledWith(
      '<h2 style="text-align: center;" data-align="center">Maintenance</h2>',
    );
    expect(screen.getByRole('button', { name: 'Title' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Align left' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('has no serious accessibility violations', async () => {
    const { container } = render(<Harness initial="<h2>Notice</h2><p>Body</p>" />);
    await expectNoSeriousA11yViolations(container);
  });
});

describe('LazyRichTextEditor', () => {
  it('shows a loader, then the editor from its own chunk', async () => {
    const { LazyRichTextEditor } = await import('../../src/widgets/RichTextEditor/lazy');
    render(<LazyRichTextEditor label="Notes" value="<p>x</p>" onChange={() => undefined} />);
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toBeInTheDocument();
  });
});
