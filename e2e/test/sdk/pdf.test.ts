import { fixtures } from "@bahi/contract";
import { ConflictError, NotFoundError, ValidationError } from "@bahi/sdk";
import { expect, it } from "vitest";
import { client, describeOperations } from "./support/client.js";

const bahi = client();

/** Whether the bytes are a whole PDF file: its header and its end-of-file marker. */
function isPdf(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString("latin1");
  return text.startsWith("%PDF-") && text.trimEnd().endsWith("%%EOF");
}

describeOperations(
  "documents as PDF",
  [
    "createInvoice",
    "createCreditNote",
    "createDebitNote",
    "retrieveInvoicePdf",
    "retrieveCreditNotePdf",
    "retrieveDebitNotePdf",
  ],
  () => {
    it("pdf: an invoice and its notes, as the bytes of their PDFs, in the copy asked for", async () => {
      // The buyer's GSTIN may already be a party of the demo account: another test's buyer.
      const buyer = { ...fixtures.PartyCreate, name: "Buyer of PDF-PEN", gstin: "27AAACB2894G1ZN" };
      const party = await bahi.parties.create(buyer).catch(async (e: unknown) => {
        if (e instanceof ConflictError && e.existingId) return bahi.parties.retrieve(e.existingId);
        throw e;
      });
      await bahi.products.create({ ...fixtures.ProductCreate, sku: "PDF-PEN", opening_stock: 100 });
      const invoice = await bahi.invoices.create({
        party_id: party.id,
        items: [{ sku: "PDF-PEN", qty: 3, rate: 99.99 }],
      });
      const original = await bahi.invoices.pdf(invoice.id);
      expect(original).toBeInstanceOf(Uint8Array);
      expect(isPdf(original)).toBe(true);
      // The same document gives the same bytes; another copy, others.
      expect(
        Buffer.from(await bahi.invoices.pdf(invoice.id, { copy: "original" })).equals(Buffer.from(original)),
      ).toBe(true);
      const duplicate = await bahi.invoices.pdf(invoice.id, { copy: "duplicate" });
      expect(isPdf(duplicate)).toBe(true);
      expect(Buffer.from(duplicate).equals(Buffer.from(original))).toBe(false);

      const credit = await bahi.creditNotes.create({
        invoice_id: invoice.id,
        reason: "sales_return",
        items: [{ sku: "PDF-PEN", qty: 1 }],
      });
      expect(isPdf(await bahi.creditNotes.pdf(credit.id, { copy: "triplicate" }))).toBe(true);
      const debit = await bahi.debitNotes.create({
        invoice_id: invoice.id,
        reason: "price_revision",
        items: [{ sku: "PDF-PEN", taxable_value: 50 }],
      });
      expect(isPdf(await bahi.debitNotes.pdf(debit.id))).toBe(true);
    });

    it("pdf: errors are the SDK's typed errors, not bytes", async () => {
      await expect(bahi.invoices.pdf("inv_zzzzzzzzzzzzzzzzzzzzzzzzzz")).rejects.toBeInstanceOf(NotFoundError);
      await expect(bahi.creditNotes.pdf("crn_zzzzzzzzzzzzzzzzzzzzzzzzzz")).rejects.toBeInstanceOf(
        NotFoundError,
      );
      await expect(bahi.debitNotes.pdf("dbn_zzzzzzzzzzzzzzzzzzzzzzzzzz")).rejects.toBeInstanceOf(
        NotFoundError,
      );
      const wrongCopy = { copy: "quadruplicate" } as unknown as { copy: "original" };
      const error = await bahi.invoices
        .pdf("inv_zzzzzzzzzzzzzzzzzzzzzzzzzz", wrongCopy)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ status: 400, code: "validation_failed" });
    });
  },
);
