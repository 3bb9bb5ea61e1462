import { fixtures } from "@bahi/contract";
import { ConflictError, IrpTokenError, NotFoundError, ValidationError } from "@bahi/sdk";
import { expect, it } from "vitest";
import { client, describeOperations } from "./support/client.js";

const bahi = client();

/** A registered buyer in Maharashtra (inter-state from the demo business in Karnataka) and a good. */
async function buyerAndGood(sku: string) {
  const buyer = { ...fixtures.PartyCreate, name: `Buyer of ${sku}`, gstin: "27AAACB2894G1ZN" };
  const party = await bahi.parties.create(buyer).catch(async (e: unknown) => {
    if (e instanceof ConflictError && e.existingId) return bahi.parties.retrieve(e.existingId);
    throw e;
  });
  await bahi.products.create({ ...fixtures.ProductCreate, sku, opening_stock: 100 });
  return party;
}

describeOperations(
  "invoices",
  ["createInvoice", "retrieveInvoice", "listInvoices", "cancelInvoice", "recordInvoiceShippingBill"],
  () => {
    it("create: numbered, taxed across states, registered with the IRP; retrieve shows the same", async () => {
      const party = await buyerAndGood("INV-PEN");
      const invoice = await bahi.invoices.create({
        party_id: party.id,
        items: [{ sku: "INV-PEN", qty: 3, rate: 99.99 }],
      });
      expect(invoice).toMatchObject({
        object: "invoice",
        status: "issued",
        party_id: party.id,
        supply_type: "inter_state",
        place_of_supply: "27",
        cgst: 0,
        sgst: 0,
      });
      expect(invoice.igst).toBeGreaterThan(0);
      expect(invoice.irn).toMatch(/^[0-9a-f]{64}$/);
      expect(await bahi.invoices.retrieve(invoice.id)).toEqual(invoice);
    });

    it("create: an unknown SKU is a ValidationError at its line", async () => {
      const party = await buyerAndGood("INV-NB");
      const error = await bahi.invoices
        .create({ party_id: party.id, items: [{ sku: "NO-SUCH-SKU", qty: 1, rate: 10 }] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ status: 422, code: "unknown_sku" });
      expect((error as ValidationError).errors.map((e) => e.pointer)).toContain("/items/0/sku");
    });

    it("list: filtered by party and status, newest first, over every page", async () => {
      const party = await buyerAndGood("INV-LIST");
      const made = [];
      for (let i = 0; i < 3; i++)
        made.push(
          await bahi.invoices.create({ party_id: party.id, items: [{ sku: "INV-LIST", qty: 1, rate: 50 }] }),
        );
      const seen = [];
      for await (const invoice of bahi.invoices.list({ party_id: party.id, status: "issued", limit: 2 }))
        if (made.some((m) => m.id === invoice.id)) seen.push(invoice.id);
      expect(seen).toEqual(made.map((m) => m.id).reverse());
      const byNumber = await bahi.invoices.list({ number: made[0]?.number }).page;
      expect(byNumber.data.map((i) => i.id)).toEqual([made[0]?.id]);
    });

    it("cancel: cancelled once, with its balance cleared; a second cancel is a ConflictError", async () => {
      const party = await buyerAndGood("INV-CANCEL");
      const invoice = await bahi.invoices.create({
        party_id: party.id,
        items: [{ sku: "INV-CANCEL", qty: 2, rate: 10 }],
      });
      const cancelled = await bahi.invoices.cancel(invoice.id, fixtures.InvoiceCancel);
      expect(cancelled).toMatchObject({ id: invoice.id, status: "cancelled", balance_due: 0 });
      const again = await bahi.invoices.cancel(invoice.id, fixtures.InvoiceCancel).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(ConflictError);
      expect(again).toMatchObject({ code: "invoice_cancelled" });
    });

    it("recordShippingBill: an export's shipping bill shows on the invoice; a sale at home is a ValidationError", async () => {
      const party = await buyerAndGood("INV-EXPORT");
      const exported = await bahi.invoices.create({
        party_id: party.id,
        place_of_supply: "96",
        items: [{ sku: "INV-EXPORT", qty: 1, rate: 10 }],
      });
      const recorded = await bahi.invoices.recordShippingBill(exported.id, {
        ...fixtures.ShippingBill,
        date: exported.date,
      });
      expect(recorded.shipping_bill).toEqual({ ...fixtures.ShippingBill, date: exported.date });
      const domestic = await bahi.invoices.create({
        party_id: party.id,
        items: [{ sku: "INV-EXPORT", qty: 1, rate: 10 }],
      });
      const error = await bahi.invoices
        .recordShippingBill(domestic.id, { ...fixtures.ShippingBill, date: domestic.date })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ status: 422, code: "not_an_export" });
    });
  },
);

describeOperations(
  "invoices.einvoice",
  ["createInvoice", "retrieveInvoiceEinvoice", "retrieveEinvoiceJwks"],
  () => {
    it("retrieve: the e-invoice JSON of a registered buyer's invoice; none for an unregistered buyer", async () => {
      const party = await buyerAndGood("EINV-PEN");
      const invoice = await bahi.invoices.create({
        party_id: party.id,
        items: [{ sku: "EINV-PEN", qty: 1, rate: 99.99 }],
      });
      const einvoice = await bahi.invoices.einvoice.retrieve(invoice.id);
      expect(einvoice).toMatchObject({ Version: "1.1" });

      const walkIn = await bahi.parties.create(fixtures.PartyCreateUnregistered);
      const local = await bahi.invoices.create({
        party_id: walkIn.id,
        items: [{ sku: "EINV-PEN", qty: 1, rate: 99.99 }],
      });
      const error = await bahi.invoices.einvoice.retrieve(local.id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ code: "einvoice_not_applicable" });
    });

    it("jwks: the IRP's public keys, without an API key's scope", async () => {
      const jwks = await bahi.invoices.einvoice.jwks();
      expect(jwks.keys.length).toBeGreaterThan(0);
    });

    it("verify: an invoice's signed QR code and signed invoice check against the published keys", async () => {
      const party = await buyerAndGood("EINV-QR");
      const invoice = await bahi.invoices.create({
        party_id: party.id,
        items: [{ sku: "EINV-QR", qty: 2, rate: 99.99 }],
      });
      const qr = await bahi.invoices.einvoice.verify(invoice.signed_qr_code as string);
      expect(qr.data).toMatchObject({ DocNo: invoice.number, Irn: invoice.irn, TotInvVal: invoice.total });
      const signed = await bahi.invoices.einvoice.verify(invoice.signed_invoice as string);
      expect(signed.kid).toBe(qr.kid);
      expect(signed.data).toMatchObject({ Irn: invoice.irn, DocDtls: { No: invoice.number } });
      const [header, , signature] = (invoice.signed_qr_code as string).split(".");
      const tampered = `${header}.${Buffer.from(JSON.stringify({ data: "{}", iss: qr.issuer })).toString("base64url")}.${signature}`;
      await expect(bahi.invoices.einvoice.verify(tampered)).rejects.toBeInstanceOf(IrpTokenError);
    });
  },
);
