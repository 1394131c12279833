/**
 * The table's toolbar: the search box (Escape clears it), the reorder toggle, the page's own controls, a note
 * saying why sorting or search is off, and the rows' count in words (a polite live region).
 */
import type { ReactNode } from 'react';

export interface ToolbarProps {
  searchable: boolean;
  searchLabel: string;
  query: string;
  onQueryChange: (query: string) => void;
  searching: boolean;
  sortable: boolean;
  reorderable: boolean;
  reordering: boolean;
  onToggleReordering: () => void;
  /** Id of the note, which disabled controls point to. */
  noteId: string;
  /** The rows' count in words ("63 users", "12 of 63 users"); empty while loading. */
  count: string;
  /** Server mode: sorting stays on while searching (the server sorts the results). */
  server?: boolean;
  children?: ReactNode;
}

export function Toolbar({
  searchable,
  searchLabel,
  query,
  onQueryChange,
  searching,
  sortable,
  reorderable,
  reordering,
  onToggleReordering,
  noteId,
  count,
  server = false,
  children,
}: ToolbarProps) {
  return (
    <div className="data-table__toolbar">
      {searchable ? (
        <input
          type="search"
          className="data-table__search"
          aria-label={searchLabel}
          placeholder="Search"
          value={query}
          disabled={reordering}
          aria-describedby={reordering ? noteId : undefined}
          onChange={(e) => onQueryChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && query) {
              e.preventDefault();
              onQueryChange('');
            }
          }}
        />
      ) : null}
      {reorderable ? (
        <button
          type="button"
          className="button data-table__reorder-toggle"
          aria-pressed={reordering}
          disabled={searching}
          aria-describedby={searching ? noteId : undefined}
          onClick={onToggleReordering}
        >
          {reordering ? 'Done reordering' : 'Reorder rows'}
        </button>
      ) : null}
      {children}
      <span id={noteId} className="data-table__note">
        {reordering
          ? 'Sorting and search are off while reordering.'
          : searching && sortable && !server
            ? 'Sorting is off while searching.'
            : ''}
      </span>
      <span className="data-table__count" role="status" aria-live="polite" aria-atomic="true">
        {count}
      </span>
    </div>
  );
}
