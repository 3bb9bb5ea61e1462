import type { GraphContext } from "../context.js";
import type * as Rest from "../rest-types.js";
import { listQuery } from "./connections.js";

// The fields that join one REST object to another, each read through this request's loaders.

type WithProduct = { readonly product_id: string };
const product = (line: WithProduct, _: unknown, ctx: GraphContext) =>
  ctx.loaders.product.load(line.product_id);
const party = (doc: { party_id: string }, _: unknown, ctx: GraphContext) =>
  ctx.loaders.party.load(doc.party_id);
const invoice = (doc: { invoice_id: string }, _: unknown, ctx: GraphContext) =>
  ctx.loaders.invoice.load(doc.invoice_id);

const invoiceRelations = {
  customer: (doc: Rest.Invoice, _: unknown, ctx: GraphContext) => ctx.loaders.party.load(doc.party_id),
  async allocations(doc: Rest.Invoice, _: unknown, ctx: GraphContext) {
    const paid = (await ctx.loaders.paymentsOfInvoice.load(doc.id)) ?? [];
    return paid.map((p) => ({
      payment_id: p.payment.id,
      payment: p.payment,
      amount: p.amount,
      created_at: p.createdAt,
    }));
  },
  async payments(doc: Rest.Invoice, _: unknown, ctx: GraphContext): Promise<Rest.Payment[]> {
    const paid = (await ctx.loaders.paymentsOfInvoice.load(doc.id)) ?? [];
    return [...new Map(paid.map((p) => [p.payment.id, p.payment])).values()];
  },
  creditNotes: async (doc: Rest.Invoice, _: unknown, ctx: GraphContext): Promise<Rest.CreditNote[]> =>
    (await ctx.loaders.creditNotesOfInvoice.load(doc.id)) ?? [],
  debitNotes: async (doc: Rest.Invoice, _: unknown, ctx: GraphContext): Promise<Rest.DebitNote[]> =>
    (await ctx.loaders.debitNotesOfInvoice.load(doc.id)) ?? [],
};

const partyRelations = {
  invoices: (doc: Rest.Party, args: Record<string, unknown>, ctx: GraphContext) =>
    ctx.runner.read("listInvoices", { query: { ...listQuery(args), party_id: doc.id } }),
};

export const relationResolvers = {
  Invoice: invoiceRelations,
  InvoiceItem: { product },
  CreditNoteItem: { product },
  DebitNoteItem: { product },
  Payment: { party },
  PaymentAllocation: { invoice },
  CreditNote: { invoice, party },
  DebitNote: { invoice, party },
  Party: partyRelations,
};
