import type { operations } from "@bahi/contract";
import { validationFailed } from "../../values/problem.js";

export const DEFAULT_PAGE_SIZE = 20;

/** A list operation's query parameters as the spec defines them, with the page size decided. */
export type ListQuery<K extends keyof operations> = Omit<
  NonNullable<operations[K]["parameters"]["query"]>,
  "limit"
> & { limit: number };

/** The query of a list as it came, its `limit` DEFAULT_PAGE_SIZE when the client left it out. */
export function pageQuery<Q extends { limit?: number | undefined }>(query: Q): Q & { limit: number } {
  return { ...query, limit: query.limit ?? DEFAULT_PAGE_SIZE };
}
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
 * another page follows, so no count query is needed and page N costs what page 1 does. Objects
 * without an id are paged by the key `cursorOf` reads from the page's last object.
 */
export function pageOf<T extends { id: string }>(rows: T[], limit: number): Page<T>;
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string | null): Page<T>;
export function pageOf<T>(
  rows: T[],
  limit: number,
  cursorOf: (last: T) => string | null = (last) => (last as { id: string }).id,
): Page<T> {
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data[data.length - 1];
  return {
    object: "list",
    data,
    has_more: hasMore,
    next_cursor: hasMore && last !== undefined ? cursorOf(last) : null,
  };
}

/**
 * The JSON text of a page whose objects are already written as JSON text (`objects`, one for each of
 * the page's rows, in order), as JSON.stringify would write the page of those objects.
 */
export function pageJson(page: Page<unknown>, objects: readonly string[]): string {
  return `{"object":"list","data":[${objects.join(",")}],"has_more":${page.has_more},"next_cursor":${JSON.stringify(page.next_cursor)}}`;
}

/** Every list with `date_from` and `date_to` refuses a range that ends before it starts (400). */
export function checkDateRange(filters: {
  date_from?: string | undefined;
  date_to?: string | undefined;
}): void {
  if (filters.date_from && filters.date_to && filters.date_to < filters.date_from) {
    throw validationFailed([
      {
        pointer: "/query/date_to",
        code: "date_range",
        message: `must not be before date_from (${filters.date_from})`,
      },
    ]);
  }
}
