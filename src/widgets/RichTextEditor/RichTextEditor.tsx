/**
 * Rich-text editor on ProseMirror with the §9 tools: bold, italic, strikethrough, title (h2), subtitle (h3), link,
 * left and center align. The toolbar follows the WAI-ARIA toolbar pattern (one tab stop, arrow keys between tools);
 * shortcuts: Mod-B, Mod-I, Mod-Shift-X, Mod-K (link), Mod-Z / Mod-Shift-Z. Links need selected text and an address
 * starting with http, mailto: or tel: (§5). The value is HTML limited to the schema.
 *
 * ProseMirror is heavy: import this module only where it is used (or use `LazyRichTextEditor`).
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { EditorState, TextSelection, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { keymap } from 'prosemirror-keymap';
import { baseKeymap } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { richTextSchema as schema } from './schema';
import {
  alignmentOf,
  applyLink,
  blockKind,
  isMarkActive,
  linkAt,
  parseHtml,
  removeLink,
  setAlign,
  setBlock,
  toggle,
  toHtml,
  SELECT_TEXT_MESSAGE,
} from './commands';
import '../Field/Field.css';
import './RichTextEditor.css';

export interface RichTextEditorProps {
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  hint?: string;
}

/** Holds the editor view outside React state so handlers reach it and the toolbar re-renders on each transaction. */
function createEditorStore() {
  let state: EditorState | null = null;
  let view: EditorView | null = null;
  let linkHandler: () => void = () => undefined;
  const listeners = new Set<() => void>();
  return {
    getView: () => view,
    setView: (next: EditorView | null) => {
      view = next;
    },
    requestLink: () => linkHandler(),
    onLinkRequest: (handler: () => void) => {
      linkHandler = handler;
    },
    get: () => state,
    set(next: EditorState | null) {
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

/** Icons as inline SVG: glyph characters for link and alignment are missing from many system fonts. */
const icon = (path: string): ReactNode => (
  <svg
    viewBox="0 0 16 16"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={path} />
  </svg>
);
const LINK_ICON = icon('M6.5 9.5l3-3M7 4.5l1-1a2.8 2.8 0 014 4l-1 1M9 11.5l-1 1a2.8 2.8 0 01-4-4l1-1');
const ALIGN_LEFT_ICON = icon('M2 3.5h12M2 6.5h8M2 9.5h12M2 12.5h8');
const ALIGN_CENTER_ICON = icon('M2 3.5h12M4 6.5h8M2 9.5h12M4 12.5h8');

interface Tool {
  id: string;
  label: string;
  glyph: ReactNode;
  shortcut?: string;
  active: (s: EditorState) => boolean;
  run: Command | 'link';
}

const TOOLS: Tool[] = [
  {
    id: 'bold',
    label: 'Bold',
    glyph: 'B',
    shortcut: 'Ctrl+B',
    active: (s) => isMarkActive(s, schema.marks.strong),
    run: toggle('strong'),
  },
  {
    id: 'italic',
    label: 'Italic',
    glyph: 'I',
    shortcut: 'Ctrl+I',
    active: (s) => isMarkActive(s, schema.marks.em),
    run: toggle('em'),
  },
  {
    id: 'strike',
    label: 'Strikethrough',
    glyph: 'S',
    shortcut: 'Ctrl+Shift+X',
    active: (s) => isMarkActive(s, schema.marks.strike),
    run: toggle('strike'),
  },
  {
    id: 'title',
    label: 'Title',
    glyph: 'H2',
    active: (s) => blockKind(s) === 'title',
    run: setBlock('title'),
  },
  {
    id: 'subtitle',
    label: 'Subtitle',
    glyph: 'H3',
    active: (s) => blockKind(s) === 'subtitle',
    run: setBlock('subtitle'),
  },
  {
    id: 'link',
    label: 'Link',
    glyph: LINK_ICON,
    shortcut: 'Ctrl+K',
    active: (s) => linkAt(s) !== null,
    run: 'link',
  },
  {
    id: 'left',
    label: 'Align left',
    glyph: ALIGN_LEFT_ICON,
    active: (s) => alignmentOf(s) === 'left',
    run: setAlign('left'),
  },
  {
    id: 'center',
    label: 'Align center',
    glyph: ALIGN_CENTER_ICON,
    active: (s) => alignmentOf(s) === 'center',
    run: setAlign('center'),
  },
];

/**
 * The browser reports selection changes asynchronously; a shortcut pressed right after Shift+Arrow would otherwise act
 * on the previous selection. Take the selection the user sees.
 */
function syncSelectionFromDom(view: EditorView) {
  const sel = (view.root as Document).getSelection?.();
  if (
    !sel?.anchorNode ||
    !sel.focusNode ||
    !view.dom.contains(sel.anchorNode) ||
    !view.dom.contains(sel.focusNode)
  )
    return;
  try {
    const anchor = view.posAtDOM(sel.anchorNode, sel.anchorOffset);
    const head = view.posAtDOM(sel.focusNode, sel.focusOffset);
    const current = view.state.selection;
    if (anchor !== current.anchor || head !== current.head)
      view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)));
  } catch {
    // A DOM position ProseMirror cannot map (e.g. inside a widget): keep its own selection.
  }
}

/** Runs a shortcut's command on the selection the user sees (see `syncSelectionFromDom`). */
const withDomSelection =
  (command: Command): Command =>
  (state, dispatch, view) => {
    if (!view) return command(state, dispatch);
    syncSelectionFromDom(view);
    return command(view.state, dispatch && view.dispatch, view);
  };

export function RichTextEditor({ label, value, onChange, disabled = false, hint }: RichTextEditorProps) {
  const id = useId();
  const [store] = useState(createEditorStore);
  const state = useSyncExternalStore(store.subscribe, store.get, () => null);
  const mount = useRef<HTMLDivElement>(null);
  const latest = useRef({ onChange, value, disabled, label });
  const lastHtml = useRef<string | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const linkInput = useRef<HTMLInputElement>(null);
  const toolButtons = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    latest.current = { onChange, value, disabled, label };
  });

  useEffect(() => {
    if (!mount.current) return;
    const initial = latest.current;
    const view: EditorView = new EditorView(mount.current, {
      state: EditorState.create({
        doc: parseHtml(initial.value),
        plugins: [
          history(),
          keymap({
            'Mod-b': withDomSelection(toggle('strong')),
            'Mod-i': withDomSelection(toggle('em')),
            'Mod-Shift-x': withDomSelection(toggle('strike')),
            'Mod-z': undo,
            'Mod-Shift-z': redo,
            'Mod-y': redo,
            'Mod-k': () => {
              store.requestLink();
              return true;
            },
          }),
          keymap(baseKeymap),
        ],
      }),
      editable: () => !latest.current.disabled,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': initial.label,
        'aria-describedby': `${id}-hint`,
        class: 'rich-text__content',
      },
      dispatchTransaction(tr) {
        const next = view.state.apply(tr);
        view.updateState(next);
        store.set(next);
        if (tr.docChanged) {
          const html = toHtml(next.doc);
          lastHtml.current = html;
          latest.current.onChange(html);
        }
      },
    });
    store.setView(view);
    lastHtml.current = toHtml(view.state.doc);
    store.set(view.state);
    return () => {
      view.destroy();
      store.setView(null);
      store.set(null);
    };
  }, [store, id]);

  // An outside change of the value (not an echo of our own edit) replaces the document.
  useEffect(() => {
    const view = store.getView();
    if (!view || value === lastHtml.current) return;
    const next = EditorState.create({ doc: parseHtml(value), plugins: view.state.plugins });
    view.updateState(next);
    lastHtml.current = toHtml(next.doc);
    store.set(next);
  }, [value, store]);

  useEffect(() => {
    store.getView()?.setProps({ editable: () => !disabled });
  }, [disabled, store]);

  const openLink = () => {
    const view = store.getView();
    if (!view) return;
    syncSelectionFromDom(view);
    if (view.state.selection.empty && linkAt(view.state) === null) {
      setMessage(SELECT_TEXT_MESSAGE);
      return;
    }
    setMessage(null);
    setLinkDraft(linkAt(view.state) ?? 'https://');
  };
  useEffect(() => {
    store.onLinkRequest(openLink);
  });
  useEffect(() => {
    if (linkDraft !== null) linkInput.current?.focus();
  }, [linkDraft !== null]); // eslint-disable-line react-hooks/exhaustive-deps -- focus only when the form opens

  const run = (tool: Tool) => {
    const view = store.getView();
    if (!view || disabled) return;
    if (tool.run === 'link') return openLink();
    setMessage(null);
    tool.run(view.state, view.dispatch, view);
    view.focus();
  };

  const closeLink = () => {
    setLinkDraft(null);
    store.getView()?.focus();
  };
  const submitLink = () => {
    const view = store.getView();
    if (!view || linkDraft === null) return;
    const result = applyLink(view.state, linkDraft);
    if (!result.ok) return setMessage(result.message);
    view.dispatch(result.tr);
    setMessage(null);
    closeLink();
  };
  const unlink = () => {
    const view = store.getView();
    const tr = view && removeLink(view.state);
    if (view && tr) view.dispatch(tr);
    closeLink();
  };

  const onToolbarKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (focusIndex + 1) % TOOLS.length
        : e.key === 'ArrowLeft'
          ? (focusIndex - 1 + TOOLS.length) % TOOLS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setFocusIndex(next);
    toolButtons.current[next]?.focus();
  };

  return (
    <div className={`rich-text${disabled ? ' rich-text--disabled' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div
        role="toolbar"
        aria-label={`${label} formatting`}
        aria-controls={`${id}-editor`}
        className="rich-text__toolbar"
        onKeyDown={onToolbarKey}
      >
        {TOOLS.map((tool, i) => (
          <button
            key={tool.id}
            ref={(el) => {
              toolButtons.current[i] = el;
            }}
            type="button"
            className={`rich-text__tool rich-text__tool--${tool.id}`}
            aria-label={tool.label}
            aria-pressed={state ? tool.active(state) : false}
            title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
            tabIndex={i === focusIndex ? 0 : -1}
            disabled={disabled}
            onMouseDown={(e) => e.preventDefault()}
            onFocus={() => setFocusIndex(i)}
            onClick={() => run(tool)}
          >
            <span aria-hidden="true">{tool.glyph}</span>
          </button>
        ))}
      </div>
      {linkDraft !== null && (
        <div className="rich-text__link-form" role="group" aria-label="Link">
          <label>
            <span className="visually-hidden">Link address</span>
            <input
              ref={linkInput}
              className="field__control"
              value={linkDraft}
              aria-invalid={Boolean(message)}
              aria-describedby={message ? `${id}-message` : undefined}
              onChange={(e) => {
                setLinkDraft(e.target.value);
                setMessage(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  submitLink();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  closeLink();
                }
              }}
            />
          </label>
          <button type="button" className="button widget-button--primary" onClick={submitLink}>
            Apply link
          </button>
          {state && linkAt(state) !== null && (
            <button type="button" className="button" onClick={unlink}>
              Remove link
            </button>
          )}
          <button type="button" className="button" onClick={closeLink}>
            Cancel
          </button>
        </div>
      )}
      {message && (
        <p className="field__error" role="alert" id={`${id}-message`}>
          {message}
        </p>
      )}
      <div ref={mount} id={`${id}-editor`} className="rich-text__editor" />
      <p className={hint ? 'field__hint' : 'visually-hidden'} id={`${id}-hint`}>
        {hint ?? 'Formatting shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+K link.'}
      </p>
    </div>
  );
}
