/**
 * The pagination menu (spec §2, §9): numbered page buttons (at most `maxButtons`, 5 by default), with First and
 * Last buttons when there are more pages than buttons. Nothing is shown for a single page.
 */
import { clampPage, MAX_PAGE_BUTTONS, pageCount, pageWindow } from './pagination';
import './Pagination.css';

export interface PaginationProps {
  total: number;
  pageSize: number;
  /** The current page, 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  maxButtons?: number;
  label?: string;
  /** Also show Previous and Next buttons around the page numbers. */
  previousNext?: boolean;
}

export function Pagination({
  total,
  pageSize,
  page,
  onPageChange,
  maxButtons = MAX_PAGE_BUTTONS,
  label = 'Pagination',
  previousNext = false,
}: PaginationProps) {
  const count = pageCount(total, pageSize);
  if (count <= 1) return null;
  const current = clampPage(page, count);
  const pages = pageWindow(current, count, maxButtons);
  const more = count > pages.length;
  const go = (p: number) => {
    if (p !== current) onPageChange(p);
  };
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {previousNext ? (
          <li>
            <button
              type="button"
              className="pagination__button"
              onClick={() => go(current - 1)}
              disabled={current === 1}
            >
              <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
            </button>
          </li>
        ) : null}
        {more ? (
          <li>
            <button
              type="button"
              className="pagination__button"
              onClick={() => go(1)}
              disabled={current === 1}
            >
              <span aria-hidden="true">« </span>First<span className="visually-hidden"> page</span>
            </button>
          </li>
        ) : null}
        {pages.map((p) => (
          <li key={p}>
            <button
              type="button"
              className="pagination__button pagination__page"
              aria-label={`Page ${p}`}
              aria-current={p === current ? 'page' : undefined}
              onClick={() => go(p)}
            >
              {p}
            </button>
          </li>
        ))}
        {more ? (
          <li>
            <button
              type="button"
              className="pagination__button"
              onClick={() => go(count)}
              disabled={current === count}
            >
              Last<span className="visually-hidden"> page, {count}</span>
              <span aria-hidden="true"> »</span>
            </button>
          </li>
        ) : null}
        {previousNext ? (
          <li>
            <button
              type="button"
              className="pagination__button"
              onClick={() => go(current + 1)}
              disabled={current === count}
            >
              Next<span className="visually-hidden"> page</span>
              <span aria-hidden="true"> ›</span>
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
