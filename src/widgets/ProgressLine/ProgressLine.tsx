/** A labelled progress bar (0–100 %, clamped) with an indeterminate mode and the accent colours of §3. */
import { clamp } from '../../lib/validation';
import './ProgressLine.css';

export type ProgressAccent = 'green' | 'red' | 'gold' | 'orange' | 'blue' | 'grey';

export interface ProgressLineProps {
  label: string;
  /** 0–100; undefined or null for an indeterminate bar. */
  percent?: number | null;
  accent?: ProgressAccent;
  /** Show the label and percentage above the bar. */
  showLabel?: boolean;
}

export function ProgressLine({ label, percent, accent = 'green', showLabel = true }: ProgressLineProps) {
  const known = typeof percent === 'number' && Number.isFinite(percent);
  const value = known ? Math.round(clamp(percent, 0, 100)) : undefined;
  return (
    <div className={`progress-line progress-line--${accent}`}>
      {showLabel && (
        <div className="progress-line__text" aria-hidden="true">
          <span>{label}</span>
          {value !== undefined && <span>{value}%</span>}
        </div>
      )}
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className={`progress-line__track${known ? '' : ' progress-line__track--indeterminate'}`}
      >
        <div className="progress-line__bar" style={known ? { width: `${value}%` } : undefined} />
      </div>
    </div>
  );
}
