import { fixtures } from "@bahi/contract";
import { ConflictError, NotFoundError, ValidationError } from "@bahi/sdk";
import { expect, it } from "vitest";
import { client, describeOperations } from "./support/client.js";

const bahi = client();

describeOperations(
  "e-invoicing through an IRP",
  [
    "retrieveEinvoiceSettings",
    "updateEinvoiceSettings",
    "retryInvoiceEinvoice",
    "retryCreditNoteEinvoice",
    "retryDebitNoteEinvoice",
  ],
  () => {
    it("retrieveEinvoiceSettings: a new account registers with Bahi's sandbox", async () => {
      const settings = await bahi.account.retrieveEinvoiceSettings();
      expect(settings).toMatchObject({ object: "einvoice_settings", livemode: false, provider: "sandbox" });
    });

    it("updateEinvoiceSettings: back to the sandbox, whole; a nic setting without its credentials is refused", async () => {
      const settings = await bahi.account.updateEinvoiceSettings({ provider: "sandbox" });
      expect(settings).toMatchObject({ provider: "sandbox", credentials_set: false });
      expect(await bahi.account.retrieveEinvoiceSettings()).toEqual(settings);
      const error = await bahi.account.updateEinvoiceSettings({ provider: "nic" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ status: 400, code: "validation_failed" });
    });

    it("retryInvoiceEinvoice: a registered invoice is answered as it is; one without an e-invoice is not found", async () => {
      const buyer = { ...fixtures.PartyCreate, name: "Retry buyer", gstin: "27AAACB2894G1ZN" };
      const party = await bahi.parties.create(buyer).catch(async (e: unknown) => {
        if (e instanceof ConflictError && e.existingId) return bahi.parties.retrieve(e.existingId);
        throw e;
      });
      await bahi.products.create({ ...fixtures.ProductCreate, sku: "RETRY-PEN", opening_stock: 10 });
      const invoice = await bahi.invoices.create({
        party_id: party.id,
        items: [{ sku: "RETRY-PEN", qty: 1, rate: 99.99 }],
      });
      expect(invoice.einvoice_status).toBe("registered");
      expect(await bahi.invoices.einvoice.retry(invoice.id)).toEqual(invoice);

      const walkIn = await bahi.parties.create({
        type: "customer",
        name: "Retry walk-in",
        address: fixtures.PartyCreateUnregistered.address,
      });
      const b2c = await bahi.invoices.create({
        party_id: walkIn.id,
        items: [{ sku: "RETRY-PEN", qty: 1, rate: 99.99 }],
      });
      const error = await bahi.invoices.einvoice.retry(b2c.id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: "einvoice_not_applicable" });
    });

    it("retryCreditNoteEinvoice, retryDebitNoteEinvoice: a registered note is answered as it is", async () => {
      const buyer = { ...fixtures.PartyCreate, name: "Note retry buyer", gstin: "27AAACB2894G1ZN" };
      const party = await bahi.parties.create(buyer).catch(async (e: unknown) => {
        if (e instanceof ConflictError && e.existingId) return bahi.parties.retrieve(e.existingId);
        throw e;
      });
      await bahi.products.create({ ...fixtures.ProductCreate, sku: "RETRY-NOTE-PEN", opening_stock: 10 });
      const invoice = await bahi.invoices.create({
        party_id: party.id,
        items: [{ sku: "RETRY-NOTE-PEN", qty: 2, rate: 99.99 }],
      });
      const credit = await bahi.creditNotes.create({
        invoice_id: invoice.id,
        reason: "sales_return",
        items: [{ sku: "RETRY-NOTE-PEN", qty: 1 }],
      });
      expect(credit.einvoice_status).toBe("registered");
      expect(await bahi.creditNotes.retryEinvoice(credit.id)).toEqual(credit);
      const debit = await bahi.debitNotes.create({
        invoice_id: invoice.id,
        reason: "price_revision",
        items: [{ sku: "RETRY-NOTE-PEN", taxable_value: 10 }],
      });
      expect(debit.einvoice_status).toBe("registered");
      expect(await bahi.debitNotes.retryEinvoice(debit.id)).toEqual(debit);
      const error = await bahi.debitNotes
        .retryEinvoice("dbn_01jd5c7d8e9f0g1h2j3k4m5n6p")
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404 });
    });
  },
);
