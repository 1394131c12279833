/**
 * The filters panel (spec §2, §4, §5): a heading, one checkbox per service, Apply filters and Reset. The last
 * enabled service cannot be unchecked (its checkbox is disabled when fewer than two are checked). The choice is
 * local until applied.
 */
import { useId, useState } from 'react';
import type { ServiceFilter } from '../../../store/slices/logReport.slice';

export interface FiltersPanelProps {
  id: string;
  services: readonly ServiceFilter[];
  onApply: (enabled: string[]) => void;
  onReset: () => void;
}

export function FiltersPanel({ id, services, onApply, onReset }: FiltersPanelProps) {
  const headingId = useId();
  const [checked, setChecked] = useState<Set<string>>(
    () => new Set(services.filter((s) => s.enabled).map((s) => s.service)),
  );
  const toggle = (service: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(service)) {
        if (next.size > 1) next.delete(service);
      } else next.add(service);
      return next;
    });
  return (
    <section id={id} className="log-report__filters" aria-labelledby={headingId}>
      <h2 id={headingId}>Filters</h2>
      <fieldset>
        <legend>Services</legend>
        <ul>
          {services.map(({ service }) => {
            const on = checked.has(service);
            return (
              <li key={service}>
                <label>
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={on && checked.size < 2}
                    onChange={() => toggle(service)}
                  />{' '}
                  {service}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="log-report__filters-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => onApply(services.filter((s) => checked.has(s.service)).map((s) => s.service))}
        >
          Apply filters
        </button>
        <button type="button" className="button" onClick={onReset}>
          Reset
        </button>
      </div>
    </section>
  );
}
