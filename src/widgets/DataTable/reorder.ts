/** Pure helpers for reordering rows by id. */

/** `ids` with the element at `from` moved to `to` (indices clamped). A new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return next;
}

/** Rows put in the order of `ids`; rows missing from `ids` (new ones) follow in their own order. */
export function applyOrder<R extends { id: string }>(rows: readonly R[], ids: readonly string[] | null): R[] {
  if (!ids) return rows.slice();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: R[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) {
      out.push(row);
      byId.delete(id);
    }
  }
  for (const row of byId.values()) out.push(row);
  return out;
}
