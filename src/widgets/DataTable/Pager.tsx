/**
 * The pager of a server-paged table: the range shown ("1–50 of 10,000"), Previous / page numbers / Next (the shared
 * Pagination widget) and the page size (25, 50, 100, 200). A new page size goes back to page 1.
 */
import { useId } from 'react';
import { Pagination } from '../Pagination';
import { formatCount } from './words';
import type { ServerPaging } from './types';

export const PAGE_SIZES = [25, 50, 100, 200] as const;

export function Pager({ server, caption }: { server: ServerPaging; caption: string }) {
  const sizeId = useId();
  const { total, page, perPage, onPageChange } = server;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  const sizes: number[] = PAGE_SIZES.includes(perPage as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, perPage].sort((a, b) => a - b);
  return (
    <div className="data-table__pager">
      <span className="data-table__range">
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
      </span>
      <Pagination
        total={total}
        pageSize={perPage}
        page={page}
        onPageChange={(p) => onPageChange(p, perPage)}
        label={`${caption} pages`}
        previousNext
      />
      <span className="data-table__page-size">
        <label htmlFor={sizeId}>Rows per page</label>
        <select id={sizeId} value={perPage} onChange={(e) => onPageChange(1, Number(e.target.value))}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
