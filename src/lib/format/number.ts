/** §9 thousand separator: a dot (the decimal separator is then a comma). */
export const THOUSAND_SEPARATOR = '.';
export const DECIMAL_SEPARATOR = ',';

/**
 * Groups the integer part in thousands with dots, e.g. `formatThousands(1234567) === '1.234.567'`,
 * `formatThousands(-1234.5) === '-1.234,5'`, `formatThousands(1234.567, 2) === '1.234,57'`. Non-finite gives `'–'`.
 */
export function formatThousands(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return '–';
  const fixed = decimals === undefined ? String(Math.abs(value)) : Math.abs(value).toFixed(decimals);
  // String() of very large or tiny numbers uses exponent notation; group only plain digit strings.
  if (/e/i.test(fixed)) return (value < 0 ? '-' : '') + fixed;
  const [intPart, fraction] = fixed.split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSAND_SEPARATOR);
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + grouped + (fraction ? DECIMAL_SEPARATOR + fraction : '');
}
