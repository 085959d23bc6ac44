/** An item list's order as the server takes it: a column, descending with a leading '-'. */
export type ItemSort<Column extends string> = Column | `-${Column}`;

/** A sort read from an address, or A–Z by name when it is missing or unknown. */
export const parseItemSort = <Sort extends string>(sorts: readonly Sort[], value: string | null) =>
  sorts.find((s) => s === value) ?? ('name' as Sort);

export function splitItemSort<Column extends string>(
  sort: ItemSort<Column>,
): { key: Column; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as Column, descending };
}

/** Clicking the sorted column reverses it; a new column starts A–Z, or newest first. */
export function nextItemSort<Column extends string>(
  current: ItemSort<Column>,
  column: Column,
): ItemSort<Column> {
  const { key, descending } = splitItemSort(current);
  if (key === column) return descending ? column : `-${column}`;
  return column === 'updated' ? (`-${column}` as const) : column;
}
