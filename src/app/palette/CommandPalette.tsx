/**
 * The command palette (loaded on demand): a modal with a search box over every page the session may open and the
 * current page's actions. `cmdk` gives the combobox/listbox pattern (arrow keys move the active option, Enter picks
 * it, `aria-activedescendant` follows); the shared Modal traps focus, closes with Escape and gives focus back.
 * Recent choices come first and are remembered in local storage.
 */
import { Command } from 'cmdk';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../store/createStore';
import { Modal } from '../../widgets/Modal';
import { usePaletteActionList } from './actions';
import {
  actionEntries,
  pageEntries,
  paletteResults,
  readRecent,
  rememberRecent,
  type PaletteEntry,
} from './entries';
import { useObjectSearch } from './objects';
import './palette.css';

export const PALETTE_TITLE = 'Go to a page or run an action';

export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const menu = useAppSelector((s) => s.menu.items);
  const loggedIn = useAppSelector((s) => s.session.loggedIn);
  const viewer = useAppSelector((s) => s.session.user);
  const actions = usePaletteActionList();
  const [query, setQuery] = useState('');
  const [recent] = useState(readRecent);
  const inputRef = useRef<HTMLInputElement>(null);

  const entries = useMemo(
    () => [...actionEntries(actions), ...pageEntries(menu, { loggedIn, viewer })],
    [actions, menu, loggedIn, viewer],
  );
  const results = useMemo(() => paletteResults(entries, query, recent), [entries, query, recent]);
  // Certificates, accounts and groups by name: only what the session may read, after typing pauses.
  const objects = useObjectSearch(query);

  const choose = (entry: PaletteEntry) => {
    rememberRecent(entry.id);
    onClose();
    if (entry.to) navigate(entry.to);
    else entry.run?.();
  };

  const group = (heading: string, list: PaletteEntry[]) =>
    list.length ? (
      <Command.Group heading={heading}>
        {list.map((e) => (
          <Command.Item key={e.id} value={e.id} onSelect={() => choose(e)} className="palette__item">
            <span className="palette__name">{e.name}</span>
            <span className="palette__where">{e.kind === 'page' ? `${e.group} · ${e.to}` : e.group}</span>
          </Command.Item>
        ))}
      </Command.Group>
    ) : null;

  return (
    <Modal open title={PALETTE_TITLE} onClose={onClose} initialFocus={inputRef} className="palette">
      <Command label="Search pages and actions" shouldFilter={false} loop>
        <Command.Input
          ref={inputRef}
          value={query}
          onValueChange={setQuery}
          placeholder="Type a page, an action, or a certificate, user or group name…"
          className="palette__input"
        />
        <Command.List label="Pages and actions" className="palette__list">
          <Command.Empty>Nothing matches “{query.trim()}”.</Command.Empty>
          {group('Recent', results.recent)}
          {group('This page', results.actions)}
          {group('Pages', results.pages)}
          {group('Objects', objects.entries)}
          {objects.loading ? (
            <Command.Loading>Searching certificates, users and groups…</Command.Loading>
          ) : null}
        </Command.List>
      </Command>
      <p className="palette__hint">↑ ↓ to move, Enter to open, Escape to close.</p>
    </Modal>
  );
}
