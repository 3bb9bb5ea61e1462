export const DEFAULT_PAGE_SIZE = 20;
/** MAX_PAGE_SIZE in the spec's `limit` parameter. */
export const MAX_PAGE_SIZE = 100;

export interface Page<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * Builds a page from `limit + 1` rows fetched newest first by id: the extra row only says whether
 * another page follows, so no count query is needed and page N costs what page 1 does.
 */
export function pageOf<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  return {
    object: "list",
    data,
    has_more: hasMore,
    next_cursor: hasMore ? (data[data.length - 1]?.id ?? null) : null,
  };
}
