/**
 * The content of one table cell: icon, status bullet, value, warning, tags, inline chart, description (spec §3). A
 * status bullet's colour is shown, never said: its label is (when the value does not say it already). Text is cut
 * with an ellipsis and keeps its full text as a tooltip; a value with `href` is a real link.
 */
import type { MouseEvent } from 'react';
import { VerticalBars } from '../charts/VerticalBars';
import type { TableItem } from './types';
import { WarningIcon } from '../icons';

/** A plain left click (no modifier key, not already handled): the page navigates client-side. */
function plainClick(e: MouseEvent) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;
}

export function ItemCell({
  item,
  columnTitle,
  onNavigate,
}: {
  item: TableItem;
  columnTitle: string;
  onNavigate?: (href: string) => void;
}) {
  const hasValue = item.value !== null && item.value !== undefined && item.value !== '';
  // The bullet's colour is never read out ("Status: green"): it speaks its label only when the label says more than
  // the cell's value does ("Signed in" with a green bullet is read once, as "Signed in").
  const spoken = !!item.statusLabel && item.statusLabel !== (hasValue ? String(item.value) : '');
  return (
    <div className="data-table__item">
      <div className="data-table__item-main">
        {item.icon ? (
          <span className="data-table__icon" aria-hidden="true">
            {item.icon}
          </span>
        ) : null}
        {item.statusBullColor ? (
          <span
            className={`data-table__bullet data-table__bullet--${item.statusBullColor}`}
            title={item.statusLabel}
            aria-hidden={spoken ? undefined : true}
          >
            {spoken ? <span className="visually-hidden">Status: {item.statusLabel}. </span> : null}
          </span>
        ) : null}
        {hasValue && item.href ? (
          <a
            className="data-table__value data-table__link"
            href={item.href}
            title={String(item.value)}
            onClick={
              onNavigate
                ? (e) => {
                    if (!plainClick(e)) return;
                    e.preventDefault();
                    onNavigate(item.href as string);
                  }
                : undefined
            }
          >
            {String(item.value)}
          </a>
        ) : (
          <span className="data-table__value" title={hasValue ? String(item.value) : undefined}>
            {hasValue ? (
              String(item.value)
            ) : (
              <>
                <span className="data-table__empty" aria-hidden="true">
                  —
                </span>
                <span className="visually-hidden">empty</span>
              </>
            )}
          </span>
        )}
        {item.warning ? (
          <span className="data-table__warning" title={item.warning}>
            <WarningIcon />
            <span className="visually-hidden">Warning: {item.warning}</span>
          </span>
        ) : null}
        {item.chartData?.type === 'vertical-bars' ? (
          <VerticalBars values={item.chartData.values} label={columnTitle} />
        ) : null}
      </div>
      {item.tags && item.tags.length > 0 ? (
        <ul className="data-table__tags" aria-label="Tags">
          {item.tags.map((tag, i) => (
            <li
              key={`${tag.name}-${i}`}
              className={`data-table__tag data-table__tag--${tag.color ?? 'grey'}`}
            >
              {tag.icon ? <span aria-hidden="true">{tag.icon}</span> : null}
              {tag.name}
            </li>
          ))}
        </ul>
      ) : null}
      {item.description ? (
        <div className="data-table__description" title={item.description}>
          {item.description}
        </div>
      ) : null}
    </div>
  );
}
