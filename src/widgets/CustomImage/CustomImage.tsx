/**
 * A custom image (an uploaded logo) that shows the failed-image icon (spec §8: warning and broken image) in its
 * place when it cannot be loaded, so a broken upload is visible as such instead of an empty gap. The image may fail
 * before the page hydrates (the error event is then lost), so the effect also checks a finished, empty image.
 */
import { useEffect, useRef, useState } from 'react';
import './CustomImage.css';

export interface CustomImageProps {
  src: string;
  /** Empty for a decorative image. */
  alt: string;
  /** What the image is, for the failure's accessible name ("Login logo"). */
  label: string;
  className?: string;
  width?: number;
  height?: number;
}

export function CustomImage({ src, alt, label, className, width, height }: CustomImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.currentSrc && img.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  if (failedSrc === src) return <FailedImageIcon label={`${label} could not be loaded`} size={height} />;
  return (
    <img
      ref={ref}
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      onError={() => setFailedSrc(src)}
    />
  );
}

/** The failed-image icon: a broken picture with a warning sign. */
export function FailedImageIcon({ label, size = 28 }: { label: string; size?: number }) {
  return (
    <span className="failed-image" role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 32 24" width={(size * 32) / 24} height={size} aria-hidden="true" focusable="false">
        {/* The picture, torn along a zigzag. */}
        <path
          className="failed-image__picture"
          d="M1 2h12l-2 4 3 3-2 4 2 3-2 3H1z M16 2h9v9l-3 1 2 3-2 3 2 4h-8l2-4-3-3 2-4-2-3z"
        />
        <circle className="failed-image__sun" cx="6" cy="7" r="2" />
        {/* The warning sign. */}
        <path className="failed-image__warning" d="M25 12l6.5 11.5h-13z" />
        <path className="failed-image__mark" d="M25 15.5v4 M25 21.3v0.4" />
      </svg>
    </span>
  );
}
