// Customers abroad: an address with a country instead of a state and PIN, place of supply 96 by
// default, and the country in the export's e-invoice (ExpDtls.CntCode).
import { todayInIst } from "@bahi/gst";
import { describe, expect } from "vitest";
import { it } from "./support/fixtures.js";
import { signedDocument } from "./support/pen-seller.js";
import { GSTINS } from "./support/tenants.js";

const NEW_YORK = {
  line1: "350 Fifth Avenue",
  line2: "Suite 4100",
  city: "New York",
  postal_code: "10118",
  country: "US",
};
const DUBAI = { line1: "Sheikh Zayed Road", city: "Dubai", country: "AE" };
const MYSURU = { line1: "221 Kalidasa Road", city: "Mysuru", state_code: "29", pin: "570002" };

describe("parties abroad", () => {
  it("an address with a country puts the party in state 96; it reads back as written", async ({ seller }) => {
    const { call } = seller;
    const created = await call("createParty", {
      body: { type: "customer", name: "Hudson Retail Inc.", address: NEW_YORK },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ gstin: null, state_code: "96", address: NEW_YORK });
    const read = await call("retrieveParty", { path: { id: created.body.id } });
    expect(read.body).toEqual(created.body);

    const noPostalCode = await call("createParty", {
      body: { type: "customer", name: "Gulf Traders LLC", address: DUBAI },
    });
    expect(noPostalCode.status).toBe(201);
    expect(noPostalCode.body.address).toEqual({ ...DUBAI, line2: null, postal_code: null });
  });

  it("PATCH moves a party abroad and back, its state following the address", async ({ seller }) => {
    const { call, party } = seller;
    const id = await party({ name: "Meera Rao", address: MYSURU });
    const abroad = await call("updateParty", { path: { id }, body: { address: NEW_YORK } });
    expect(abroad.status).toBe(200);
    expect(abroad.body).toMatchObject({ state_code: "96", address: NEW_YORK });
    const back = await call("updateParty", { path: { id }, body: { address: MYSURU } });
    expect(back.body).toMatchObject({ state_code: "29", address: { ...MYSURU, line2: null } });
  });

  it("400 for an address that is neither in India nor abroad, for India as a country, or an unknown one", async ({
    seller,
  }) => {
    const { call } = seller;
    for (const address of [
      { ...NEW_YORK, state_code: "29" },
      { ...MYSURU, country: "US" },
      { ...NEW_YORK, country: "IN" },
      { ...NEW_YORK, country: "UX" },
      { ...NEW_YORK, postal_code: "10118!" },
      { line1: "1 Main Road", city: "Town" },
    ]) {
      const res = await call("createParty", { body: { type: "customer", name: "Somebody", address } });
      expect(res.status, JSON.stringify(address)).toBe(400);
    }
  });

  it("422 state_mismatch for a registered party with an address abroad, on create and on PATCH", async ({
    seller,
  }) => {
    const { call, party } = seller;
    const created = await call("createParty", {
      body: { type: "customer", name: "Sharma Electronics", gstin: GSTINS.maharashtra, address: NEW_YORK },
    });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual([
      expect.objectContaining({ pointer: "/address/country", code: "state_mismatch" }),
    ]);
    const id = await party({ name: "Hudson Retail Inc.", address: NEW_YORK });
    const registered = await call("updateParty", { path: { id }, body: { gstin: GSTINS.maharashtra } });
    expect(registered.status).toBe(422);
    expect(registered.body.code).toBe("state_mismatch");
  });
});

describe("invoices to a party abroad", () => {
  it("are exports by default: IGST, a URP buyer in 96, and the country in ExpDtls", async ({ seller }) => {
    const { call, party, invoice, einvoiceOf } = seller;
    const id = await party({ name: "Hudson Retail Inc.", address: NEW_YORK });
    const res = await invoice(id, 3);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 300.75 × 18% = 54.135 → 54.14 IGST.
    expect(res.body).toMatchObject({
      place_of_supply: "96",
      supply_type: "inter_state",
      igst: 54.14,
      cgst: 0,
      total: 355,
      party: { name: "Hudson Retail Inc.", gstin: null, state_code: "96", address: NEW_YORK },
    });
    expect(res.body.irn).toMatch(/^[0-9a-f]{64}$/);
    expect((await call("retrieveInvoice", { path: { id: res.body.id } })).body).toEqual(res.body);
    const einvoice = await einvoiceOf(res.body.id);
    expect(einvoice.TranDtls.SupTyp).toBe("EXPWP");
    expect(einvoice.BuyerDtls).toEqual({
      Gstin: "URP",
      LglNm: "Hudson Retail Inc.",
      Pos: "96",
      Addr1: "350 Fifth Avenue",
      Loc: "New York",
      Pin: 999999,
      Stcd: "96",
    });
    expect(einvoice.ExpDtls).toEqual({ CntCode: "US" });
  });

  it("with a shipping bill and a LUT: ExpDtls carries both the bill and the country; the note the country", async ({
    seller,
  }) => {
    const { call, party, invoice, einvoiceOf } = seller;
    const id = await party({ name: "Gulf Traders LLC", address: DUBAI });
    // The invoice is dated today in India, which is tomorrow in UTC from 18:30.
    const today = todayInIst(new Date());
    const shipping_bill = { port_code: "INNSA1", number: "4512863", date: today };
    const res = await invoice(id, 2, { under_lut: true, shipping_bill });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ under_lut: true, igst: 0, total: 201 });
    const einvoice = await einvoiceOf(res.body.id);
    expect(einvoice.TranDtls.SupTyp).toBe("EXPWOP");
    expect(einvoice.ExpDtls).toEqual({
      ShipBNo: "4512863",
      ShipBDt: today.split("-").reverse().join("/"),
      Port: "INNSA1",
      CntCode: "AE",
    });
    const note = await call("createCreditNote", {
      body: { invoice_id: res.body.id, reason: "sales_return", items: [{ sku: "PEN", qty: 1 }] },
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(signedDocument(note.body).ExpDtls).toEqual({ CntCode: "AE" });
  });

  it("a supply in India to a visitor from abroad (place_of_supply given) is a B2C sale, not e-invoiced", async ({
    seller,
  }) => {
    const { call, party, invoice } = seller;
    const id = await party({ name: "Hudson Retail Inc.", address: NEW_YORK });
    const res = await invoice(id, 1, { place_of_supply: "29" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ supply_type: "intra_state", cgst: 9.02, sgst: 9.02, irn: null });
    const einvoice = await call("retrieveInvoiceEinvoice", { path: { id: res.body.id } });
    expect(einvoice.status).toBe(404);
  });
});
