/**
 * §5 hex colour normalisation: `#` plus hex digits; 1 or 2 digits are repeated to 3, 4 or 5 are cut to 3,
 * 3 and 6 are kept, longer is cut to 6. Non-hex characters are dropped first. Returns null when no digit is left.
 */
export function normaliseHex(input: string): string | null {
  const digits = input
    .replace(/^#/, '')
    .replace(/[^0-9a-fA-F]/g, '')
    .toLowerCase();
  const n = digits.length;
  if (n === 0) return null;
  let out: string;
  if (n === 1) out = digits.repeat(3);
  else if (n === 2) out = (digits + digits + digits).slice(0, 3);
  else if (n === 3 || n === 6) out = digits;
  else if (n < 6) out = digits.slice(0, 3);
  else out = digits.slice(0, 6);
  return `#${out}`;
}
