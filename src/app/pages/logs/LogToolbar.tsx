/**
 * The report's toolbar (spec §2): keyword search, start and end date inputs, Filters and Export buttons, plus the
 * pause toggle and its "N new entries" pill.
 */
import { useState } from 'react';
import { fromLocalInputValue, toLocalInputValue } from './format';

export interface LogToolbarProps {
  search: string;
  range: { start: number; end: number } | null;
  filtersOpen: boolean;
  filtersId: string;
  paused: boolean;
  newWhilePaused: number;
  canExport: boolean;
  onSearch: (text: string) => void;
  onRange: (range: { start: number; end: number }) => void;
  onToggleFilters: () => void;
  onTogglePause: () => void;
  onExport: () => void;
}

interface RangeInputsProps {
  range: { start: number; end: number } | null;
  onRange: (range: { start: number; end: number }) => void;
}

/**
 * Start and end date inputs. They hold what the user types and apply it once it is a valid range; the range only
 * changes from here (or when the view first sets its default), so they are keyed by whether one is set: remounting
 * on every applied change would take the focus away while the user edits.
 */
function RangeInputs({ range, onRange }: RangeInputsProps) {
  const [start, setStart] = useState(range ? toLocalInputValue(range.start) : '');
  const [end, setEnd] = useState(range ? toLocalInputValue(range.end) : '');
  const [error, setError] = useState<string | null>(null);
  const errorId = 'log-range-error';

  const commit = (nextStart: string, nextEnd: string) => {
    const s = fromLocalInputValue(nextStart);
    const e = fromLocalInputValue(nextEnd);
    if (s === null || e === null) return setError('Enter a complete start and end date.');
    if (s >= e) return setError('The start date must be before the end date.');
    setError(null);
    if (!range || s !== range.start || e !== range.end) onRange({ start: s, end: e });
  };
  const described = error ? errorId : undefined;

  return (
    <>
      <label className="log-report__field">
        <span>Start date</span>
        <input
          type="datetime-local"
          value={start}
          aria-invalid={!!error}
          aria-describedby={described}
          onChange={(e) => {
            setStart(e.target.value);
            commit(e.target.value, end);
          }}
        />
      </label>
      <label className="log-report__field">
        <span>End date</span>
        <input
          type="datetime-local"
          value={end}
          aria-invalid={!!error}
          aria-describedby={described}
          onChange={(e) => {
            setEnd(e.target.value);
            commit(start, e.target.value);
          }}
        />
      </label>
      {error && (
        <p id={errorId} className="log-report__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export function LogToolbar(props: LogToolbarProps) {
  const { range } = props;
  return (
    <div className="log-report__toolbar" role="group" aria-label="Log report tools">
      <label className="log-report__field log-report__search">
        <span>Search</span>
        <input type="search" value={props.search} placeholder="Keyword in message" onChange={(e) => props.onSearch(e.target.value)} />
      </label>
      <RangeInputs key={range ? 'set' : 'unset'} range={range} onRange={props.onRange} />
      <div className="log-report__actions">
        {props.paused && props.newWhilePaused > 0 && (
          <button type="button" className="log-report__pill" onClick={props.onTogglePause}>
            {props.newWhilePaused} new {props.newWhilePaused === 1 ? 'entry' : 'entries'}
          </button>
        )}
        <button type="button" className="button" aria-pressed={props.paused} onClick={props.onTogglePause}>
          Pause
        </button>
        <button type="button" className="button" aria-expanded={props.filtersOpen} aria-controls={props.filtersId} onClick={props.onToggleFilters}>
          Filters
        </button>
        <button type="button" className="button" onClick={props.onExport} disabled={!props.canExport}>
          Export
        </button>
      </div>
    </div>
  );
}
