/**
 * A disclosure section: the header button toggles expanded/collapsed (Enter/Space, it is a button) and emits the new
 * state. The body animates via max-height, set to the content height plus 1000 px (§9) so late-growing content is
 * not cut off.
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './Accordion.css';

/** §9 accordion max height = content height + 1000 px. */
export const ACCORDION_EXTRA_HEIGHT = 1000;

export interface AccordionProps {
  title: ReactNode;
  children: ReactNode;
  /** Controlled state; leave out to let the accordion keep its own. */
  expanded?: boolean;
  defaultExpanded?: boolean;
  onToggle?: (expanded: boolean) => void;
  /** Heading level of the title (default 3). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  disabled?: boolean;
}

// useLayoutEffect warns during server rendering; fall back to a no-op there.
const useIsoLayoutEffect = typeof window === 'undefined' ? () => undefined : useLayoutEffect;

export function Accordion({
  title,
  children,
  expanded,
  defaultExpanded = false,
  onToggle,
  headingLevel = 3,
  disabled,
}: AccordionProps) {
  const [own, setOwn] = useState(defaultExpanded);
  const open = expanded ?? own;
  const id = useId();
  const body = useRef<HTMLDivElement>(null);
  const [maxHeight, setMaxHeight] = useState<number | undefined>(undefined);

  useIsoLayoutEffect(() => {
    if (open && body.current) setMaxHeight(body.current.scrollHeight + ACCORDION_EXTRA_HEIGHT);
  }, [open, children]);

  const toggle = () => {
    const next = !open;
    if (expanded === undefined) setOwn(next);
    onToggle?.(next);
  };
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`accordion${open ? ' accordion--open' : ''}`}>
      <Heading className="accordion__heading">
        <button
          type="button"
          className="accordion__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          id={`${id}-toggle`}
          disabled={disabled}
          onClick={toggle}
        >
          <span className="accordion__chevron" aria-hidden="true" />
          {title}
        </button>
      </Heading>
      <div
        ref={body}
        id={`${id}-body`}
        role="region"
        aria-labelledby={`${id}-toggle`}
        className="accordion__body"
        hidden={!open}
        style={{ maxHeight: open ? maxHeight : 0 }}
        data-max-height={open ? maxHeight : 0}
      >
        <div className="accordion__content">{children}</div>
      </div>
    </div>
  );
}
