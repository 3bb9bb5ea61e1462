import { fixtures } from "@bahi/contract";
import { ConflictError, ValidationError } from "@bahi/sdk";
import { expect, it } from "vitest";
import { client, describeOperations } from "./support/client.js";

const bahi = client();

/** A consumer in Karnataka and an invoice of 354.00 to them (3 pens at 99.99 with 18% GST). */
async function customerWithInvoice(sku: string) {
  const party = await bahi.parties.create({ ...fixtures.PartyCreateUnregistered, name: `Buyer of ${sku}` });
  const product = await bahi.products.create({ ...fixtures.ProductCreate, sku, opening_stock: 100 });
  const invoice = await bahi.invoices.create({
    party_id: party.id,
    items: [{ sku, qty: 3, rate: 99.99 }],
  });
  return { party, product, invoice };
}

describeOperations(
  "credit notes",
  ["createCreditNote", "retrieveCreditNote", "listCreditNotes", "retrieveCreditNoteEinvoice"],
  () => {
    it("a sales return credits the invoice to the paisa and puts the goods back", async () => {
      const { invoice, product } = await customerWithInvoice("CRN-PEN");
      const note = await bahi.creditNotes.create({
        invoice_id: invoice.id,
        reason: "sales_return",
        items: [{ sku: "CRN-PEN", qty: 1 }],
      });
      expect(note).toMatchObject({
        object: "credit_note",
        invoice_id: invoice.id,
        taxable_value: 99.99,
        cgst: 9,
        sgst: 9,
        total: 118,
        credited_to_party: 118,
        refund_due: 0,
        restock: true,
      });
      expect(await bahi.invoices.retrieve(invoice.id)).toMatchObject({
        status: "partially_paid",
        amount_credited: 118,
        balance_due: 236,
      });
      expect((await bahi.products.retrieve(product.id)).stock_on_hand).toBe(98);
      expect(await bahi.creditNotes.retrieve(note.id)).toEqual(note);
      // The consumer's invoice has no IRN, so neither has its note.
      await expect(bahi.creditNotes.retrieveEinvoice(note.id)).rejects.toMatchObject({
        status: 404,
        code: "einvoice_not_applicable",
      });
    });

    it("more than is left is a ValidationError; a cancelled invoice is a ConflictError", async () => {
      const { invoice } = await customerWithInvoice("CRN-REFUSED");
      const over = await bahi.creditNotes
        .create({ invoice_id: invoice.id, reason: "other", items: [{ sku: "CRN-REFUSED", qty: 4 }] })
        .catch((e: unknown) => e);
      expect(over).toBeInstanceOf(ValidationError);
      expect(over).toMatchObject({ status: 422, code: "credit_exceeds_creditable" });
      expect((over as ValidationError).errors.map((e) => e.pointer)).toEqual(["/items/0/qty"]);
      await bahi.invoices.cancel(invoice.id, fixtures.InvoiceCancel);
      const cancelled = await bahi.creditNotes
        .create({ invoice_id: invoice.id, reason: "other", whole: true })
        .catch((e: unknown) => e);
      expect(cancelled).toBeInstanceOf(ConflictError);
      expect(cancelled).toMatchObject({ status: 409, code: "invoice_cancelled" });
    });

    it("list: by invoice, newest first, over every page", async () => {
      const { invoice } = await customerWithInvoice("CRN-LIST");
      const made = [];
      for (let i = 0; i < 3; i++)
        made.push(
          await bahi.creditNotes.create({
            invoice_id: invoice.id,
            reason: "post_sale_discount",
            items: [{ sku: "CRN-LIST", taxable_value: 10 }],
          }),
        );
      const seen = [];
      for await (const note of bahi.creditNotes.list({ invoice_id: invoice.id, limit: 2 }))
        seen.push(note.id);
      expect(seen).toEqual(made.map((m) => m.id).reverse());
    });
  },
);
