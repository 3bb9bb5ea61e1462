import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { createYoga, type GraphiQLOptions } from "graphql-yoga";
import type { RedisGuard } from "../http/redis-guard.js";
import type { Authentication } from "../services/accounts/authenticate.js";
import type { GraphContext } from "./context.js";
import { CostBuckets } from "./cost/buckets.js";
import { costPlugin } from "./cost/plugin.js";
import { SharedCostBuckets } from "./cost/shared-buckets.js";
import { MAX_QUERY_ALIASES, MAX_QUERY_DEPTH, MAX_QUERY_TOKENS } from "./limits.js";
import { createLoaders } from "./loaders.js";
import { OperationRunner, type RunnerDeps } from "./operations.js";
import { buildSchema } from "./schema.js";

/** What the HTTP layer hands each GraphQL request: its caller (authenticated) and its id. */
export interface GraphRequest {
  readonly auth: Authentication & { principal: GraphContext["principal"] };
  readonly requestId: string;
  /** Filled with the scopes of the fields refused for want of them, for the answer's challenge. */
  readonly missingScopes: Set<string>;
}

const DEFAULT_QUERY = `# Send your API key as a header (Headers, below): {"Authorization": "Bearer sk_test_…"}
query UnpaidInvoices {
  invoices(first: 10, status: ISSUED) {
    nodes { number date total balanceDue customer { name } }
    pageInfo { hasNextPage endCursor }
  }
}
`;

/**
 * GraphiQL's page, its assets inlined (no CDN). The renderer module holds them as strings of some
 * 30 MB of heap, so it is loaded when a browser first asks for the page, not at every start.
 */
async function renderGraphiQL(options: GraphiQLOptions): Promise<string> {
  const { renderGraphiQL: render } = await import("@graphql-yoga/render-graphiql");
  return render(options);
}

/**
 * GraphQL Yoga over the REST operations: the schema of spec/graphql, graphql-armor's depth, alias
 * and token limits, the calculated query cost, and GraphiQL with its assets inlined (no CDN). The
 * cost buckets are in `redis` when there is one (the request limiter's), shared by every node.
 */
export function createGraphql(
  deps: RunnerDeps,
  { throttle, redis }: { throttle: boolean; redis: RedisGuard | null },
) {
  const buckets = redis ? new SharedCostBuckets(redis, new CostBuckets()) : new CostBuckets();
  return createYoga<GraphRequest, GraphContext>({
    schema: buildSchema(),
    graphqlEndpoint: "/graphql",
    // Node's own fetch classes: Hono's node-server sends a native Response as it is.
    fetchAPI: globalThis,
    landingPage: false,
    logging: false,
    graphiql: { title: "Bahi GraphQL", defaultQuery: DEFAULT_QUERY },
    renderGraphiQL,
    context: ({ auth, requestId, missingScopes }): GraphContext => ({
      principal: auth.principal,
      requestId,
      runner: new OperationRunner(auth, deps, requestId, missingScopes),
      loaders: createLoaders(deps.router.reads, auth.principal),
    }),
    plugins: [
      maxTokensPlugin({ n: MAX_QUERY_TOKENS }),
      maxDepthPlugin({ n: MAX_QUERY_DEPTH, flattenFragments: true }),
      maxAliasesPlugin({ n: MAX_QUERY_ALIASES }),
      costPlugin(buckets, throttle),
    ],
  });
}
