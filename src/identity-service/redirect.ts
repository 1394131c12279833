/**
 * Redirect targets (`return_to` and the like) may only point at the console's own origin or a configured identity
 * origin. Relative paths resolve against the console; protocol-relative and backslash tricks are refused.
 */

export function allowedRedirect(
  target: string,
  base: string,
  allowedOrigins: ReadonlySet<string>,
): string | null {
  if (!target || target.length > 2048) return null;
  // Browsers treat "\" like "/" and drop tabs/newlines: "/\evil.com" or "/\t/evil.com" would leave the origin.
  if (/[\\\u0000-\u001f]/.test(target)) return null;
  if (target.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return allowedOrigins.has(url.origin) ? url.toString() : null;
}
