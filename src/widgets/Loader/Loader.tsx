/** A spinner announced politely to assistive technology; inline, block or covering its positioned parent. */
import './Loader.css';

export interface LoaderProps {
  /** Text announced (and shown unless `hideLabel`). */
  label?: string;
  hideLabel?: boolean;
  size?: 'small' | 'medium' | 'large';
  /** Cover the nearest positioned ancestor with a translucent layer. */
  overlay?: boolean;
}

export function Loader({
  label = 'Loading…',
  hideLabel = false,
  size = 'medium',
  overlay = false,
}: LoaderProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`loader loader--${size}${overlay ? ' loader--overlay' : ''}`}
    >
      <span className="loader__spinner" aria-hidden="true" />
      <span className={hideLabel ? 'visually-hidden' : 'loader__label'}>{label}</span>
    </div>
  );
}
