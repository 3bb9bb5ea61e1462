import { fixtures } from "@bahi/contract";
import { ConflictError, ValidationError } from "@bahi/sdk";
import { expect, it } from "vitest";
import { client, describeOperations } from "./support/client.js";

const bahi = client();

/** A consumer in Karnataka and an invoice of 354.00 to them (3 pens at 99.99 with 18% GST). */
async function customerWithInvoice(sku: string) {
  const party = await bahi.parties.create({ ...fixtures.PartyCreateUnregistered, name: `Payer of ${sku}` });
  await bahi.products.create({ ...fixtures.ProductCreate, sku, opening_stock: 100 });
  const invoice = await bahi.invoices.create({
    party_id: party.id,
    items: [{ sku, qty: 3, rate: 99.99 }],
  });
  return { party, invoice };
}

describeOperations(
  "payments",
  ["createPayment", "allocatePayment", "retrievePayment", "listPayments"],
  () => {
    it("create with an allocation, then allocate the rest: the invoice ends paid, to the paisa", async () => {
      const { party, invoice } = await customerWithInvoice("PAY-PEN");
      expect(invoice.total).toBe(354);
      const payment = await bahi.payments.create({
        party_id: party.id,
        amount: 400,
        mode: "upi",
        reference: "UTR123",
        allocations: [{ invoice_id: invoice.id, amount: 100.01 }],
      });
      expect(payment).toMatchObject({
        object: "payment",
        party_id: party.id,
        amount: 400,
        unallocated_amount: 299.99,
        allocations: [{ invoice_id: invoice.id, amount: 100.01 }],
      });
      expect(await bahi.invoices.retrieve(invoice.id)).toMatchObject({
        status: "partially_paid",
        balance_due: 253.99,
      });
      const allocated = await bahi.payments.allocate(payment.id, {
        allocations: [{ invoice_id: invoice.id, amount: 253.99 }],
      });
      expect(allocated.unallocated_amount).toBe(46);
      expect(await bahi.invoices.retrieve(invoice.id)).toMatchObject({ status: "paid", balance_due: 0 });
      expect(await bahi.payments.retrieve(payment.id)).toEqual(allocated);
    });

    it("over-allocation is a ValidationError; a cancelled invoice is a ConflictError", async () => {
      const { party, invoice } = await customerWithInvoice("PAY-REFUSED");
      const over = await bahi.payments
        .create({
          party_id: party.id,
          amount: 500,
          mode: "cash",
          allocations: [{ invoice_id: invoice.id, amount: 354.01 }],
        })
        .catch((e: unknown) => e);
      expect(over).toBeInstanceOf(ValidationError);
      expect(over).toMatchObject({ status: 422, code: "allocation_exceeds_balance" });
      expect((over as ValidationError).errors.map((e) => e.pointer)).toEqual(["/allocations/0/amount"]);
      await bahi.invoices.cancel(invoice.id, fixtures.InvoiceCancel);
      const cancelled = await bahi.payments
        .create({
          party_id: party.id,
          amount: 10,
          mode: "cash",
          allocations: [{ invoice_id: invoice.id, amount: 10 }],
        })
        .catch((e: unknown) => e);
      expect(cancelled).toBeInstanceOf(ConflictError);
      expect(cancelled).toMatchObject({ status: 409, code: "invoice_cancelled" });
    });

    it("list: by party and by invoice, newest first, over every page", async () => {
      const { party, invoice } = await customerWithInvoice("PAY-LIST");
      const made = [];
      for (let i = 0; i < 3; i++)
        made.push(
          await bahi.payments.create({
            party_id: party.id,
            amount: 10,
            mode: "bank_transfer",
            allocations: [{ invoice_id: invoice.id, amount: 10 }],
          }),
        );
      const seen = [];
      for await (const payment of bahi.payments.list({ party_id: party.id, limit: 2 })) seen.push(payment.id);
      expect(seen).toEqual(made.map((m) => m.id).reverse());
      const byInvoice = await bahi.payments.list({ invoice_id: invoice.id }).page;
      expect(byInvoice.data.map((p) => p.id)).toEqual(made.map((m) => m.id).reverse());
    });
  },
);
