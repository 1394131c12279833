/**
 * The appliance's refusal carried by a failed call of the services' API client (`detail` as text, or the first of
 * its pydantic-style items), worded for the user; null when the error carries none. Read from the error's data, so
 * views need not know the client's error class.
 */
export function refusalDetail(e: unknown): string | null {
  const detail = (e as { data?: { detail?: unknown } } | null | undefined)?.data?.detail;
  if (Array.isArray(detail) && typeof detail[0]?.msg === 'string') return detail[0].msg as string;
  if (typeof detail === 'string') return detail;
  return null;
}
