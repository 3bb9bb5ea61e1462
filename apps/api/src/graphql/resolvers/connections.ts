import type { Page } from "../../services/shared/pagination.js";
import { snakeCase } from "../names.js";

/**
 * A connection's arguments as the REST list's query: `first` is `limit`, `after` is
 * `starting_after`, and every filter its snake_case name (REST validates them all, 1 ≤ limit ≤ 100).
 */
export function listQuery(args: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === null || value === undefined) continue;
    if (name === "first") query.limit = value;
    else if (name === "after") query.starting_after = value;
    else query[snakeCase(name)] = value;
  }
  return query;
}

type Node = { readonly id: string };

/** A REST page as a Relay connection: each node's cursor is its id, which `after` takes as REST does. */
const connection = {
  edges: (page: Page<Node>) => page.data.map((node) => ({ cursor: node.id, node })),
  nodes: (page: Page<Node>) => page.data,
  pageInfo: (page: Page<Node>) => ({
    hasNextPage: page.has_more,
    hasPreviousPage: false,
    startCursor: page.data[0]?.id ?? null,
    endCursor: page.next_cursor ?? page.data[page.data.length - 1]?.id ?? null,
  }),
};

export const connectionResolvers = Object.fromEntries(
  ["Party", "Product", "Invoice", "Payment", "CreditNote", "DebitNote", "Event", "Webhook"].map((type) => [
    `${type}Connection`,
    connection,
  ]),
);
