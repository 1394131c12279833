/**
 * Choose one file (§5): a native file input behind a styled label (keyboard: Tab to it, Enter/Space opens the
 * dialog), or drop a file on the zone. The accept filter (default any) is checked on every file, dropped ones too.
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { matchesAccept } from '../../lib/validation';
import '../Field/Field.css';
import './FileChooser.css';

export interface FileChooserProps {
  label: string;
  /** Accept filter like ".pem,.crt" or "image/*"; default any file. */
  accept?: string;
  /** The chosen file (controlled), or null. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** Message for a file outside the accept filter (default names the accepted types). */
  acceptMessage?: string;
  /** Button text. */
  buttonText?: string;
  /** Extra check after the accept filter; return a message to reject the file. */
  validate?: (file: File) => string | null;
  error?: string | null;
  disabled?: boolean;
  hint?: string;
}

export function FileChooser({
  label,
  accept,
  acceptMessage,
  file,
  onChange,
  buttonText = 'Choose file',
  validate,
  error: outerError,
  disabled,
  hint,
}: FileChooserProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const shownError = error ?? outerError ?? null;

  const take = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (files.length > 1) return setError('Choose one file only.');
    const chosen = files[0];
    if (!matchesAccept(chosen, accept))
      return setError(acceptMessage ?? `This file type is not accepted (accepted: ${accept}).`);
    const problem = validate?.(chosen) ?? null;
    if (problem) return setError(problem);
    setError(null);
    onChange(chosen);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) take(e.dataTransfer.files);
  };

  const describedBy = [shownError ? `${id}-error` : '', hint ? `${id}-hint` : '', `${id}-name`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="file-chooser">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className={`file-chooser__zone${dragging ? ' file-chooser__zone--dragging' : ''}${shownError ? ' file-chooser__zone--invalid' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id={id}
          type="file"
          className="file-chooser__input"
          accept={accept}
          disabled={disabled}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={describedBy}
          aria-invalid={Boolean(shownError)}
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <label htmlFor={id} className="button file-chooser__button" id={`${id}-button`}>
          {buttonText}
        </label>
        <span id={`${id}-name`} className="file-chooser__name">
          {file ? file.name : 'No file chosen'}
        </span>
        {file && (
          <button
            type="button"
            className="button file-chooser__clear"
            disabled={disabled}
            onClick={() => {
              onChange(null);
              input.current?.focus();
            }}
          >
            Remove file
          </button>
        )}
      </div>
      {shownError && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {shownError}
        </p>
      )}
      {hint && !shownError && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
