/**
 * Choose an image (§5): only images are accepted ("Please select an image."); it is scaled down to at most
 * 1000×1000 by default (PNG stays PNG, otherwise JPEG at 0.6) and emitted as a data URL, with a preview.
 */
import { useRef, useState } from 'react';
import { FileChooser } from '../FileChooser';
import { isImageType } from '../../lib/validation';
import { IMAGE_MAX_SIZE, scaleImage, type ScaleOptions } from './scaleImage';
import './ImageInput.css';

export const NOT_AN_IMAGE = 'Please select an image.';

export interface ImageInputProps {
  label: string;
  /** The current image as a data URL (or any image URL), or null. */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  maxWidth?: number;
  maxHeight?: number;
  disabled?: boolean;
  /** The scaler; replaceable for tests and for server-side processing. */
  scale?: (file: Blob, options: ScaleOptions) => Promise<string>;
}

export function ImageInput({
  label,
  value,
  onChange,
  maxWidth = IMAGE_MAX_SIZE,
  maxHeight = IMAGE_MAX_SIZE,
  disabled,
  scale = scaleImage,
}: ImageInputProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Ignore a slow result when another image was chosen meanwhile.
  const latest = useRef(0);

  const choose = async (next: File | null) => {
    const ticket = ++latest.current;
    setFile(next);
    setError(null);
    if (!next) return onChange(null);
    setBusy(true);
    try {
      const dataUrl = await scale(next, { maxWidth, maxHeight });
      if (ticket === latest.current) onChange(dataUrl);
    } catch (e) {
      if (ticket === latest.current) {
        setFile(null);
        setError(e instanceof Error ? e.message : 'This image could not be read.');
      }
    } finally {
      if (ticket === latest.current) setBusy(false);
    }
  };

  return (
    <div className="image-input">
      <FileChooser
        label={label}
        accept="image/*"
        acceptMessage={NOT_AN_IMAGE}
        file={file}
        buttonText="Choose image"
        disabled={disabled || busy}
        error={error}
        hint={`Images larger than ${maxWidth}×${maxHeight} are scaled down.`}
        validate={(f) => (isImageType(f.type) ? null : NOT_AN_IMAGE)}
        onChange={(f) => void choose(f)}
      />
      {busy && <p role="status">Processing image…</p>}
      {value && !busy && (
        <figure className="image-input__preview">
          <img src={value} alt={`${label} preview`} />
          <button type="button" className="button" disabled={disabled} onClick={() => void choose(null)}>
            Remove image
          </button>
        </figure>
      )}
    </div>
  );
}
