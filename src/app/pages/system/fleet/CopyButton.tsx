/** A button that copies one value (an enrolment code, an address) to the clipboard and says so. */
import { useState } from 'react';

export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={`Copy ${what}`}
        onClick={() => {
          // The clipboard is refused outside a secure context: then the value stays selectable on screen.
          const write = navigator.clipboard?.writeText(value);
          if (!write) return setCopied('no');
          write.then(
            () => setCopied('yes'),
            () => setCopied('no'),
          );
        }}
      >
        Copy
      </button>
      <span role="status" className="fleet-copy__status">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Copy it by hand: the browser refused.' : ''}
      </span>
    </>
  );
}
