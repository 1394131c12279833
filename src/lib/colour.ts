/**
 * The primary hover colour (spec §3 custom look: colors primary, primaryHover) derived from the primary: a little
 * darker, or lighter when the primary is already so dark that darker would not show. Null for an unreadable input.
 */
import { colord } from 'colord';

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
