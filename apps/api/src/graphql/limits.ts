// GraphQL's limits, each stated in spec/graphql/schema.graphql's description and in the /docs guide.

/** MAX_QUERY_COST: the most a query may request (`extensions.cost.requestedQueryCost`). */
export const MAX_QUERY_COST = 1_000;
/** COST_BUCKET_SIZE: the points an account and mode may spend at once, on the free and growth plans. */
export const COST_BUCKET_SIZE = 1_000;
/** COST_RESTORE_RATE: points a second refilled into the bucket, on the free and growth plans. */
export const COST_RESTORE_RATE = 50;
/** MAX_QUERY_DEPTH: levels of fields nested in a query (graphql-armor). */
export const MAX_QUERY_DEPTH = 12;
/** MAX_QUERY_ALIASES: aliases in a query (graphql-armor). */
export const MAX_QUERY_ALIASES = 30;
/** MAX_QUERY_TOKENS: tokens in a query's text (graphql-armor). */
export const MAX_QUERY_TOKENS = 5_000;
