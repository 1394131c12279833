/**
 * Colours derived from the custom primary (spec §3 custom look: colors primary, primaryHover): the hover colour, a
 * little darker, or lighter when the primary is already so dark that darker would not show; and the colour of text
 * on the primary (buttons, the panel badge), readable on both. Null for an unreadable input.
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

extend([a11yPlugin]);

/** How far the hover colour moves from the primary (colord lightness units). */
export const PRIMARY_HOVER_SHIFT = 0.07;
const TOO_DARK_BRIGHTNESS = 0.25;

export function primaryHoverColour(primary: string): string | null {
  const c = colord(primary);
  if (!c.isValid()) return null;
  return (
    c.brightness() < TOO_DARK_BRIGHTNESS ? c.lighten(PRIMARY_HOVER_SHIFT) : c.darken(PRIMARY_HOVER_SHIFT)
  ).toHex();
}

/** Text on the primary, by preference: the theme's own dark text (--color-primary-contrast), white, black. */
const PRIMARY_TEXT = ['#10180a', '#ffffff', '#000000'];
/** WCAG 2 AA for text of normal size. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The first text colour readable (AA) on the primary and on its hover colour; when none is on both (a mid red), the
 * first readable on the primary itself, which black or white always is.
 */
export function primaryContrastColour(primary: string): string | null {
  const c = colord(primary);
  const hover = primaryHoverColour(primary);
  if (!hover) return null;
  const readableOn = (text: string, background: string) =>
    colord(text).contrast(background) >= MIN_TEXT_CONTRAST;
  return (
    PRIMARY_TEXT.find((text) => readableOn(text, c.toHex()) && readableOn(text, hover)) ??
    PRIMARY_TEXT.find((text) => readableOn(text, c.toHex())) ??
    // Unreachable (black or white reaches 4.58 on any colour); kept so the answer is always a colour.
    PRIMARY_TEXT[0]
  );
}
