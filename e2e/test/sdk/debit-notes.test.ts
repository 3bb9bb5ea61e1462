import { fixtures } from "@bahi/contract";
import { ConflictError, ValidationError } from "@bahi/sdk";
import { expect, it } from "vitest";
import { client, describeOperations } from "./support/client.js";

const bahi = client();

/**
 * A registered buyer in Maharashtra (inter-state from the demo business in Karnataka, so 18% is all
 * IGST) and an invoice of 3 pens at 99.99 to them.
 */
async function buyerWithInvoice(sku: string) {
  const buyer = { ...fixtures.PartyCreate, name: "Debited buyer", gstin: "27AAGCD4471K1ZD" };
  // One GSTIN is one party per account: the tests after the first reuse it.
  const party = await bahi.parties.create(buyer).catch(async (e: unknown) => {
    if (e instanceof ConflictError && e.existingId) return bahi.parties.retrieve(e.existingId);
    throw e;
  });
  await bahi.products.create({ ...fixtures.ProductCreate, sku, opening_stock: 100 });
  const invoice = await bahi.invoices.create({
    party_id: party.id,
    items: [{ sku, qty: 3, rate: 99.99 }],
  });
  return { party, invoice };
}

describeOperations(
  "debit notes",
  ["createDebitNote", "retrieveDebitNote", "listDebitNotes", "retrieveDebitNoteEinvoice"],
  () => {
    it("a price revision debits the invoice line with its tax and raises the balance due", async () => {
      const { party, invoice } = await buyerWithInvoice("DBN-PEN");
      const note = await bahi.debitNotes.create({
        invoice_id: invoice.id,
        reason: "price_revision",
        items: [{ sku: "DBN-PEN", taxable_value: 50 }],
      });
      expect(note).toMatchObject({
        object: "debit_note",
        invoice_id: invoice.id,
        party_id: party.id,
        place_of_supply: "27",
        supply_type: "inter_state",
        items: [{ sku: "DBN-PEN", taxable_value: 50, gst_rate: 18, cgst: 0, sgst: 0, igst: 9, total: 59 }],
        taxable_value: 50,
        cgst: 0,
        sgst: 0,
        igst: 9,
        total: 59,
      });
      expect(await bahi.invoices.retrieve(invoice.id)).toMatchObject({
        amount_debited: 59,
        balance_due: invoice.total + 59,
      });
      expect(await bahi.debitNotes.retrieve(note.id)).toEqual(note);
      const einvoice = await bahi.debitNotes.retrieveEinvoice(note.id);
      expect(einvoice.DocDtls).toMatchObject({ Typ: "DBN", No: note.number });
      expect(einvoice.ValDtls).toMatchObject({ AssVal: 50, IgstVal: 9, TotInvVal: 59 });
    });

    it("an SKU not on the invoice is a ValidationError; a cancelled invoice is a ConflictError", async () => {
      const { invoice } = await buyerWithInvoice("DBN-REFUSED");
      const unknown = await bahi.debitNotes
        .create({
          invoice_id: invoice.id,
          reason: "undercharge",
          items: [{ sku: "NO-SUCH-SKU", taxable_value: 10 }],
        })
        .catch((e: unknown) => e);
      expect(unknown).toBeInstanceOf(ValidationError);
      expect(unknown).toMatchObject({ status: 422, code: "unknown_sku" });
      expect((unknown as ValidationError).errors.map((e) => e.pointer)).toEqual(["/items/0/sku"]);
      await bahi.invoices.cancel(invoice.id, fixtures.InvoiceCancel);
      const cancelled = await bahi.debitNotes
        .create({
          invoice_id: invoice.id,
          reason: "other",
          items: [{ sku: "DBN-REFUSED", taxable_value: 10 }],
        })
        .catch((e: unknown) => e);
      expect(cancelled).toBeInstanceOf(ConflictError);
      expect(cancelled).toMatchObject({ status: 409, code: "invoice_cancelled" });
    });

    it("list: by invoice, newest first, over every page", async () => {
      const { invoice } = await buyerWithInvoice("DBN-LIST");
      const made = [];
      for (let i = 0; i < 3; i++)
        made.push(
          await bahi.debitNotes.create({
            invoice_id: invoice.id,
            reason: "additional_charges",
            items: [{ sku: "DBN-LIST", taxable_value: 10 }],
          }),
        );
      const seen = [];
      for await (const note of bahi.debitNotes.list({ invoice_id: invoice.id, limit: 2 })) seen.push(note.id);
      expect(seen).toEqual(made.map((m) => m.id).reverse());
    });
  },
);
