import type { GraphContext } from "../context.js";
import { userErrorsOf } from "../errors.js";
import { restShapeOf } from "../names.js";

interface MutationArgs {
  readonly input: Record<string, unknown>;
  readonly idempotencyKey?: string | null;
}

/**
 * Runs a REST write with the mutation's input as its body, under the mutation's idempotencyKey:
 * the payload holds the object REST answers, or `userErrors` with REST's codes for a refusal.
 */
async function mutate(
  ctx: GraphContext,
  operationId: string,
  objectField: string,
  args: MutationArgs,
  path?: Record<string, string>,
) {
  try {
    const { body } = await ctx.runner.write(
      operationId,
      { ...(path ? { path } : {}), body: restShapeOf(args.input) },
      args.idempotencyKey,
    );
    return { [objectField]: body, userErrors: [] };
  } catch (error) {
    const userErrors = userErrorsOf(error);
    if (!userErrors) throw error;
    return { [objectField]: null, userErrors };
  }
}

export const Mutation = {
  createParty: (_: unknown, args: MutationArgs, ctx: GraphContext) =>
    mutate(ctx, "createParty", "party", args),
  createProduct: (_: unknown, args: MutationArgs, ctx: GraphContext) =>
    mutate(ctx, "createProduct", "product", args),
  createInvoice: (_: unknown, args: MutationArgs, ctx: GraphContext) =>
    mutate(ctx, "createInvoice", "invoice", args),
  cancelInvoice: (_: unknown, args: MutationArgs & { id: string }, ctx: GraphContext) =>
    mutate(ctx, "cancelInvoice", "invoice", args, { id: args.id }),
  createPayment: (_: unknown, args: MutationArgs, ctx: GraphContext) =>
    mutate(ctx, "createPayment", "payment", args),
  createCreditNote: (_: unknown, args: MutationArgs, ctx: GraphContext) =>
    mutate(ctx, "createCreditNote", "creditNote", args),
};
