/**
 * The frame every form widget shares: a visible label, the control, and a hint or error line tied to the control
 * with `aria-describedby`. Widgets render their control through `children(ids)`.
 */
import { useId, type ReactNode } from 'react';
import './Field.css';

export interface FieldIds {
  /** id for the control, referenced by the label. */
  control: string;
  /** Space-separated ids for `aria-describedby` (hint and/or error), or undefined. */
  describedBy: string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Hide the label visually (it stays for assistive technology). */
  hideLabel?: boolean;
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  /** Extra content beside the label (e.g. an info button). */
  labelAside?: ReactNode;
  className?: string;
  /** Render the label as a legend of a fieldset (for grouped controls such as the time input). */
  as?: 'div' | 'fieldset';
  children: (ids: FieldIds) => ReactNode;
}

export function Field({
  label,
  hideLabel,
  required,
  hint,
  error,
  labelAside,
  className,
  as = 'div',
  children,
}: FieldProps) {
  const base = useId();
  const control = `${base}-control`;
  // The hint gives way to the error: only what is shown describes the control.
  const hintId = hint && !error ? `${base}-hint` : undefined;
  const errorId = error ? `${base}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const labelContent = (
    <>
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  const classes = ['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ');
  // A legend must be the fieldset's first child to name the group.
  const labelRow =
    as === 'fieldset' ? (
      <>
        <legend className={hideLabel ? 'visually-hidden' : 'field__label field__legend'}>
          {labelContent}
        </legend>
        {labelAside && <div className="field__label-row">{labelAside}</div>}
      </>
    ) : (
      <div className={hideLabel ? 'visually-hidden' : 'field__label-row'}>
        <label className="field__label" htmlFor={control}>
          {labelContent}
        </label>
        {labelAside}
      </div>
    );
  const body = (
    <>
      {labelRow}
      {children({ control, describedBy })}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      {hint && !error && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </>
  );
  return as === 'fieldset' ? (
    <fieldset className={classes}>{body}</fieldset>
  ) : (
    <div className={classes}>{body}</div>
  );
}
