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

/** The text colour of the main bar (--color-bar-text), whatever the bar's colour. */
export const BAR_TEXT_COLOUR = '#f3f6f9';

/** The WCAG 2 contrast ratio of two colours (1–21), or null when either cannot be read. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = colord(a);
  const cb = colord(b);
  if (!ca.isValid() || !cb.isValid()) return null;
  return ca.contrast(cb);
}

/**
 * A warning when text on a chosen colour falls under WCAG AA (4.5:1): the bar's fixed text on the bar colour, and on
 * the primary the text colour the console chose (readable on the primary, but maybe not on its hover colour). Null
 * when the text is readable, or the colour cannot be read (the form's own rule says so).
 */
export function contrastWarning(kind: 'bar' | 'primary', colour: string): string | null {
  if (kind === 'bar') {
    const ratio = contrastRatio(BAR_TEXT_COLOUR, colour);
    if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return null;
    return `Low contrast: the menu text (${BAR_TEXT_COLOUR}) on this bar colour is ${ratio.toFixed(1)}:1, under the 4.5:1 WCAG AA minimum. Choose a darker bar colour.`;
  }
  const text = primaryContrastColour(colour);
  const hover = primaryHoverColour(colour);
  if (!text || !hover) return null;
  const worst = Math.min(contrastRatio(text, colour) ?? 21, contrastRatio(text, hover) ?? 21);
  if (worst >= MIN_TEXT_CONTRAST) return null;
  return `Low contrast: button text (${text}) on this colour or its hover colour (${hover}) is ${worst.toFixed(1)}:1, under the 4.5:1 WCAG AA minimum. Choose a lighter or darker colour.`;
}
