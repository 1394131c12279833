/** Main-bar sections (spec §2): the current one is shop or help by path prefix, else core. */
export type SectionId = 'core' | 'shop' | 'help';

/**
 * `quiet`: kept (the spec's link and path) but not a main-bar slot: the shop sells nothing yet, so it sits at the foot
 * of the side menu beside the other secondary links instead of beside Console and Help.
 */
export const sections: Array<{ id: SectionId; label: string; path: string; quiet?: boolean }> = [
  { id: 'core', label: 'Console', path: '/' },
  { id: 'shop', label: 'Shop', path: '/shop', quiet: true },
  { id: 'help', label: 'Help', path: '/help' },
];

/** The sections the main bar shows. */
export const barSections = sections.filter((s) => !s.quiet);
/** The sections linked quietly at the foot of the side menu. */
export const quietSections = sections.filter((s) => s.quiet);

export function currentSection(pathname: string): SectionId {
  if (pathname === '/shop' || pathname.startsWith('/shop/')) return 'shop';
  if (pathname === '/help' || pathname.startsWith('/help/')) return 'help';
  return 'core';
}

/** The panel badge that replaces the section links (spec §2), or null when no panel flag is set. */
export function panelLabel(panels: {
  admin: boolean;
  network: boolean;
  custom: boolean;
  customLabel: string;
}): string | null {
  if (panels.custom) return panels.customLabel || 'Custom';
  if (panels.network) return 'Network';
  if (panels.admin) return 'Admin';
  return null;
}
