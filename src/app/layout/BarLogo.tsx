/**
 * The custom bar logo, falling back to Rampart's own when the appliance has none. The image may fail before the
 * page hydrates (the error event is then lost), so the effect also checks a finished, empty image.
 */
import { useEffect, useRef, useState } from 'react';

export function BarLogo({ src, fallback }: { src: string; fallback: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <img
      ref={ref}
      src={failed ? fallback : src}
      alt=""
      width={28}
      height={28}
      onError={() => setFailed(true)}
    />
  );
}
