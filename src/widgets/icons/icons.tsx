/**
 * The console's one icon set: small inline SVG line icons drawn in `currentColor` on a 24 × 24 grid, so they follow
 * the theme and the text size, render the same on every system (no emoji or font glyphs, which show as empty boxes
 * where the font lacks them), and are tree-shaken per icon.
 *
 * Accessible-name convention: an icon is always decorative (`aria-hidden`, not focusable). Whatever carries the
 * meaning names it: an icon-only button keeps its `aria-label` (and a `title` for sighted mouse users), a labelled
 * button its visible text.
 */
import type { ReactNode, SVGProps } from 'react';
import './icons.css';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'aria-hidden'> {
  /** Pixels; defaults to 1em so the icon follows the font size of its button. */
  size?: number | string;
}

function makeIcon(name: string, body: ReactNode) {
  function Icon({ size = '1em', className, strokeWidth = 2, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`icon icon--${name}${className ? ` ${className}` : ''}`}
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {body}
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

export const EditIcon = makeIcon(
  'edit',
  <>
    <path d="M4 20h4L19 9a2.1 2.1 0 0 0-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </>,
);
export const TrashIcon = makeIcon(
  'trash',
  <>
    <path d="M4 7h16" />
    <path d="M9 7V4.5h6V7" />
    <path d="M6 7l1 13h10l1-13" />
    <path d="M10 11v5M14 11v5" />
  </>,
);
export const RefreshIcon = makeIcon(
  'refresh',
  <>
    <path d="M20 12a8 8 0 1 1-2.3-5.7" />
    <path d="M20 4v5h-5" />
  </>,
);
export const CloseIcon = makeIcon('close', <path d="M6 6l12 12M18 6L6 18" />);
export const CheckIcon = makeIcon('check', <path d="M5 12.5l4.5 4.5L19 7" />);
export const ArrowRightIcon = makeIcon('arrow-right', <path d="M5 12h14M13 6l6 6-6 6" />);
export const ArrowLeftIcon = makeIcon('arrow-left', <path d="M19 12H5M11 6l-6 6 6 6" />);
export const ArrowUpIcon = makeIcon('arrow-up', <path d="M12 19V5M6 11l6-6 6 6" />);
export const ArrowDownIcon = makeIcon('arrow-down', <path d="M12 5v14M6 13l6 6 6-6" />);
export const ChevronUpIcon = makeIcon('chevron-up', <path d="M7 14l5-5 5 5" />);
export const ChevronDownIcon = makeIcon('chevron-down', <path d="M7 10l5 5 5-5" />);
export const SortIcon = makeIcon('sort', <path d="M8 9l4-4 4 4M8 15l4 4 4-4" />);
export const UnlockIcon = makeIcon(
  'unlock',
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 7.7-1.5" />
  </>,
);
export const WarningIcon = makeIcon(
  'warning',
  <>
    <path d="M12 3.5L2.5 20h19z" />
    <path d="M12 10v4.5M12 17.5v.01" />
  </>,
);
export const SettingsIcon = makeIcon(
  'settings',
  <>
    <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
    <circle cx="15" cy="7" r="2" />
    <circle cx="9" cy="17" r="2" />
  </>,
);
export const WidenIcon = makeIcon('widen', <path d="M3 12h18M7 8l-4 4 4 4M17 8l4 4-4 4" />);
export const MinimiseIcon = makeIcon('minimise', <path d="M5 18h14" />);
export const FloatIcon = makeIcon(
  'float',
  <>
    <rect x="3" y="8" width="13" height="13" rx="1.5" />
    <path d="M8 3h13v13" />
  </>,
);
export const DockIcon = makeIcon(
  'dock',
  <>
    <path d="M3 12h11M10 8l4 4-4 4" />
    <path d="M20 3v18" />
  </>,
);
export const SunIcon = makeIcon(
  'sun',
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);
export const MoonIcon = makeIcon('moon', <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />);
/** The "follow the system" theme: a half-filled circle. */
export const SystemThemeIcon = makeIcon(
  'system-theme',
  <>
    <circle cx="12" cy="12" r="8" />
    <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
  </>,
);
export const BellIcon = makeIcon(
  'bell',
  <>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </>,
);
/** A paper plane: send (a test message). */
export const SendIcon = makeIcon(
  'send',
  <>
    <path d="M21 3 10 14" />
    <path d="M21 3l-7 18-4-7-7-4z" />
  </>,
);
