/**
 * The content of one table cell: icon, status bullet, value, warning, tags, inline chart, description (spec §3). A
 * status bullet's colour is shown, never said: its label is (when the value does not say it already).
 */
import { VerticalBars } from '../charts/VerticalBars';
import type { TableItem } from './types';
import { WarningIcon } from '../icons';

export function ItemCell({ item, columnTitle }: { item: TableItem; columnTitle: string }) {
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
      {item.description ? <div className="data-table__description">{item.description}</div> : null}
    </div>
  );
}
