/**
 * The report's toolbar (spec §2): keyword search, start and end date inputs, Filters and Export buttons, plus the
 * pause toggle and its "N new entries" pill.
 */
import { useState } from 'react';
import { DateInput } from '../../../widgets/DateInput';

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
 * Start and end date inputs (the shared date widget: a day, keeping the time of day already set). They hold what
 * the user picks and apply it once it is a valid range. The range only changes from here (or when the view first
 * sets its default), so they are keyed by whether one is set: remounting on every applied change would take the
 * focus away while the user edits.
 */
function RangeInputs({ range, onRange }: RangeInputsProps) {
  const [start, setStart] = useState<number | null>(range?.start ?? null);
  const [end, setEnd] = useState<number | null>(range?.end ?? null);
  const [error, setError] = useState<string | null>(null);

  const commit = (s: number | null, e: number | null) => {
    if (s === null || e === null) return setError('Enter a start and an end date.');
    if (s >= e) return setError('The start date must be before the end date.');
    setError(null);
    if (!range || s !== range.start || e !== range.end) onRange({ start: s, end: e });
  };

  return (
    <>
      <DateInput
        label="Start date"
        value={start}
        onChange={(v) => {
          setStart(v);
          commit(v, end);
        }}
      />
      <DateInput
        label="End date"
        value={end}
        onChange={(v) => {
          setEnd(v);
          commit(start, v);
        }}
      />
      {error && (
        <p className="log-report__error" role="alert">
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
        <input
          type="search"
          value={props.search}
          placeholder="Keyword in message"
          onChange={(e) => props.onSearch(e.target.value)}
        />
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
        <button
          type="button"
          className="button"
          aria-expanded={props.filtersOpen}
          aria-controls={props.filtersId}
          onClick={props.onToggleFilters}
        >
          Filters
        </button>
        <button type="button" className="button" onClick={props.onExport} disabled={!props.canExport}>
          Export
        </button>
      </div>
    </div>
  );
}
