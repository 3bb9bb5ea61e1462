import { fixtures } from "@bahi/contract";
import { AuthenticationError, Bahi, UnpaidInvoicesDocument } from "@bahi/sdk";
import { describe, expect, inject, it } from "vitest";
import { client } from "./support/client.js";

describe("graphql", () => {
  const bahi = client();

  it("a typed document: a customer's unpaid invoices with items and payments, in one request", async () => {
    const party = await bahi.parties.create(fixtures.PartyCreateUnregistered);
    const sku = `GQL-${Date.now()}`;
    await bahi.products.create({ ...fixtures.ProductCreate, sku, opening_stock: 100 });
    const paid = await bahi.invoices.create({ party_id: party.id, items: [{ sku, qty: 2 }] });
    const unpaid = await bahi.invoices.create({ party_id: party.id, items: [{ sku, qty: 1 }] });
    const payment = await bahi.payments.create({
      party_id: party.id,
      amount: 10,
      mode: "upi",
      allocations: [{ invoice_id: paid.id, amount: 10 }],
    });
    const { data, errors, extensions } = await bahi.graphql(UnpaidInvoicesDocument, { partyId: party.id });
    expect(errors).toBeUndefined();
    // Typed by the document: `data.partiallyPaid.nodes[0].payments[0].amount` is a number.
    expect(data?.party).toEqual({ id: party.id, name: party.name, gstin: null });
    expect(data?.issued.nodes.map((i) => i.id)).toEqual([unpaid.id]);
    const partly = data?.partiallyPaid.nodes[0];
    expect(partly).toMatchObject({ id: paid.id, total: paid.total, balanceDue: paid.total - 10 });
    expect(partly?.items[0]).toMatchObject({ sku, qty: 2 });
    expect(partly?.payments).toEqual([
      { id: payment.id, date: payment.date, mode: "UPI", amount: 10, reference: null },
    ]);
    expect(extensions?.cost?.throttleStatus.maximumAvailable).toBeGreaterThan(0);
  });

  it("a query as text, with variables", async () => {
    const result = await bahi.graphql<{ account: { legalName: string } }>(
      "query Who($x: Boolean!) { account @include(if: $x) { legalName } }",
      { x: true },
    );
    expect(result.data?.account.legalName).toBe("Demo Traders Private Limited");
  });

  it("a refused key: AuthenticationError, as REST's calls throw", async () => {
    const stranger = new Bahi({ apiKey: "sk_test_unknown", baseUrl: inject("bahiUrl") });
    await expect(stranger.graphql("{ account { id } }")).rejects.toBeInstanceOf(AuthenticationError);
  });
});
