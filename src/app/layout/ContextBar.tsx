/**
 * The context bar (spec §2): menu groups with their children, each child linking to group path + child path; a
 * loading notice while the menu is empty; a search box that filters entries as you type (arrow keys move through
 * the matches, Enter opens one, Escape clears).
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../store/createStore';
import type { MenuItem } from '../../store/slices/menu.slice';
import { menuTarget } from '../../shared/menu';
import { currentSection, quietSections } from './sections';
import { useDelegatedLinks } from './useDelegatedLinks';

export interface MenuEntry {
  key: string;
  group: string;
  name: string;
  to: string;
}

export function flattenMenu(items: MenuItem[]): MenuEntry[] {
  return items.flatMap((g) =>
    g.children.map((c) => ({
      key: `${g.id}/${c.id}`,
      group: g.name ?? g.id,
      name: c.name,
      to: menuTarget(g, c),
    })),
  );
}

export function filterMenu(entries: MenuEntry[], query: string): MenuEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return entries;
  return entries.filter((e) => e.name.toLowerCase().includes(q) || e.group.toLowerCase().includes(q));
}

/** A menu entry is current on its own page and on the pages below it (what NavLink would say). */
export const isCurrentPath = (pathname: string, to: string) =>
  pathname === to || pathname.startsWith(`${to}/`);

export function ContextBar() {
  const items = useAppSelector((s) => s.menu.items);
  const { pathname } = useLocation();
  const links = useDelegatedLinks();
  const open = useAppSelector((s) => s.layout.contextBarOpen);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // One context bar per page: fixed ids keep its HTML the same wherever it sits in the tree (see ServerFragment).
  const listId = 'context-bar';
  const inputRef = useRef<HTMLInputElement>(null);
  const entries = useMemo(() => flattenMenu(items), [items]);
  const matches = useMemo(() => filterMenu(entries, query), [entries, query]);
  const searching = query.trim() !== '';

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, matches.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && searching && matches[active]) {
      e.preventDefault();
      navigate(matches[active].to);
      setQuery('');
    } else if (e.key === 'Escape') {
      setQuery('');
      setActive(0);
    }
  };

  return (
    <nav
      id="context-bar"
      className={open === null ? 'context-bar context-bar--auto' : 'context-bar'}
      aria-label="Menu"
      hidden={open === false}
    >
      <div className="context-bar__search">
        <label htmlFor={`${listId}-search`} className="visually-hidden">
          Search the menu
        </label>
        <input
          ref={inputRef}
          id={`${listId}-search`}
          type="search"
          placeholder="Search the menu"
          autoComplete="off"
          value={query}
          role="combobox"
          aria-expanded={searching}
          aria-controls={`${listId}-results`}
          aria-activedescendant={
            searching && matches[active] ? `${listId}-${matches[active].key}` : undefined
          }
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {items.length === 0 ? (
        <p className="context-bar__loading" role="status">
          Loading menu…
        </p>
      ) : searching ? (
        <ul
          id={`${listId}-results`}
          role="listbox"
          aria-label="Menu search results"
          className="context-bar__results"
        >
          {matches.length === 0 && <li className="context-bar__empty">No menu entry matches “{query}”.</li>}
          {matches.map((m, i) => (
            <li
              key={m.key}
              id={`${listId}-${m.key}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                navigate(m.to);
                setQuery('');
              }}
            >
              <span className="context-bar__result-group">{m.group}</span> {m.name}
            </li>
          ))}
        </ul>
      ) : (
        // Plain links with one set of handlers: a router Link per entry was most of a signed-in render's cost.
        <ul className="context-bar__groups" {...links}>
          {items.map((group) => (
            <li key={group.id}>
              <span className="context-bar__group">{group.name ?? group.id}</span>
              <ul>
                {group.children.map((child) => {
                  const to = menuTarget(group, child);
                  const current = isCurrentPath(pathname, to);
                  return (
                    <li key={child.id}>
                      <a
                        href={to}
                        className={current ? 'context-bar__link active' : 'context-bar__link'}
                        aria-current={current ? 'page' : undefined}
                      >
                        {child.name}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <ul className="context-bar__foot" aria-label="More" {...links}>
        {quietSections.map((s) => {
          const current = currentSection(pathname) === s.id;
          return (
            <li key={s.id}>
              <a href={s.path} className="context-bar__foot-link" aria-current={current ? 'page' : undefined}>
                {s.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
