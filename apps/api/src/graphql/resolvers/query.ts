import { ApiError } from "../../values/problem.js";
import type { GraphContext } from "../context.js";
import { listQuery } from "./connections.js";

/** Reads one object by id: `null` when this account and mode has none, as a Relay field answers. */
async function byId(ctx: GraphContext, operationId: string, id: string): Promise<unknown> {
  try {
    return await ctx.runner.read(operationId, { path: { id } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The operation that reads an object of each id prefix (Query.node). */
const NODE_READS: Record<string, string> = {
  pty: "retrieveParty",
  prd: "retrieveProduct",
  inv: "retrieveInvoice",
  pay: "retrievePayment",
  crn: "retrieveCreditNote",
  dbn: "retrieveDebitNote",
  evt: "retrieveEvent",
  whk: "retrieveWebhook",
};

type Args = Record<string, unknown>;
const list = (operationId: string) => (_: unknown, args: Args, ctx: GraphContext) =>
  ctx.runner.read(operationId, { query: listQuery(args) });
const one = (operationId: string) => (_: unknown, args: { id: string }, ctx: GraphContext) =>
  byId(ctx, operationId, args.id);

export const Query = {
  async node(_: unknown, { id }: { id: string }, ctx: GraphContext) {
    if (id === ctx.principal.accountId) return ctx.runner.read("retrieveAccount");
    const operationId = NODE_READS[id.slice(0, id.indexOf("_"))];
    return operationId ? byId(ctx, operationId, id) : null;
  },
  account: (_: unknown, _args: Args, ctx: GraphContext) => ctx.runner.read("retrieveAccount"),
  party: one("retrieveParty"),
  parties: list("listParties"),
  product: one("retrieveProduct"),
  products: list("listProducts"),
  invoice: one("retrieveInvoice"),
  invoices: list("listInvoices"),
  payment: one("retrievePayment"),
  payments: list("listPayments"),
  creditNote: one("retrieveCreditNote"),
  creditNotes: list("listCreditNotes"),
  debitNote: one("retrieveDebitNote"),
  debitNotes: list("listDebitNotes"),
  gstr1Summary: (_: unknown, { period }: { period: string }, ctx: GraphContext) =>
    ctx.runner.read("retrieveGstr1", { path: { period }, query: { format: "summary" } }),
  event: one("retrieveEvent"),
  events: list("listEvents"),
  webhook: one("retrieveWebhook"),
  webhooks: list("listWebhooks"),
};

/** Each Node's GraphQL type, from its REST `object`. */
const TYPES: Record<string, string> = {
  account: "Account",
  party: "Party",
  product: "Product",
  invoice: "Invoice",
  payment: "Payment",
  credit_note: "CreditNote",
  debit_note: "DebitNote",
  event: "Event",
  webhook: "Webhook",
};

export const Node = {
  __resolveType: (value: { object: string }) => TYPES[value.object] ?? null,
};
