import { type ExecutionResult, GraphQLError, getOperationAST } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { GraphContext } from "../context.js";
import { MAX_QUERY_COST } from "../limits.js";
import type { CostBucketStore, ThrottleStatus } from "./buckets.js";
import { actualCost, requestedCost } from "./query-cost.js";

interface CostExtension {
  readonly requestedQueryCost: number;
  readonly actualQueryCost: number | null;
  readonly throttleStatus: ThrottleStatus;
}

function refused(
  message: string,
  code: string,
  cost: CostExtension,
  more: Record<string, unknown> = {},
): ExecutionResult {
  return { errors: [new GraphQLError(message, { extensions: { code, ...more } })], extensions: { cost } };
}

/**
 * The calculated query cost: before a query runs, its requested cost is computed and refused above
 * MAX_QUERY_COST, or taken from the account and mode's bucket (THROTTLED when the bucket holds too
 * little, unless `throttle` is off); once it has run, what it requested beyond its actual cost is given back. Every executed
 * answer carries `extensions.cost`.
 */
export function costPlugin(buckets: CostBucketStore, throttle: boolean): Plugin<GraphContext> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as GraphContext;
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return;
      const variables = (args.variableValues ?? {}) as Record<string, unknown>;
      const requested = requestedCost(args.schema, args.document, operation, variables);
      if (requested > MAX_QUERY_COST) {
        const status = await buckets.status(ctx.principal);
        setResultAndStopExecution(
          refused(
            `This query's requested cost is ${requested}, above the most a query may cost (${MAX_QUERY_COST}): ask for fewer objects, or smaller pages.`,
            "MAX_COST_EXCEEDED",
            { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: status },
            { maxCost: MAX_QUERY_COST },
          ),
        );
        return;
      }
      // With the operator's limits off (benchmarks), the cost is still computed, capped and reported.
      const taken = throttle
        ? await buckets.take(ctx.principal, requested)
        : { taken: true as const, status: await buckets.status(ctx.principal), shared: false };
      if (!taken.taken) {
        setResultAndStopExecution(
          refused(
            `Throttled: this query costs ${requested} and the bucket holds ${taken.status.currentlyAvailable}; retry in ${taken.retryAfter} s.`,
            "THROTTLED",
            { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: taken.status },
            { retryAfter: taken.retryAfter },
          ),
        );
        return;
      }
      return {
        async onExecuteDone({ result, setResult }) {
          if (!("data" in result) && !("errors" in result)) return;
          const answered = result as ExecutionResult;
          const actual = actualCost(args.schema, args.document, operation, variables, answered.data);
          const status = throttle
            ? await buckets.refund(ctx.principal, requested - actual, taken.shared)
            : await buckets.status(ctx.principal);
          setResult({
            ...answered,
            extensions: {
              ...answered.extensions,
              cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: status },
            },
          });
        },
      };
    },
  };
}
