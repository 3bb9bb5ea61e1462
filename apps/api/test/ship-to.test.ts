// Bill to one, ship to another: the invoice keeps where its goods went (ship_to), the e-invoice
// carries it as ShipDtls, and the place of supply stays the buyer's.
import { gstinCheckChar } from "@bahi/gst";
import { describe, expect } from "vitest";
import type { TestApi } from "./support/api.js";
import { it } from "./support/fixtures.js";
import { penSeller } from "./support/pen-seller.js";
import { GSTINS } from "./support/tenants.js";

/** A consignee registered in Karnataka, the seller's own state. */
const KARNATAKA_CONSIGNEE = `29AAACE1234F1Z${gstinCheckChar("29AAACE1234F1Z")}`;
const BHIWANDI = { line1: "Plot 7, Logistics Park", city: "Bhiwandi", state_code: "27", pin: "421302" };
const HOSUR_ROAD = { line1: "88 Hosur Road", city: "Bengaluru", state_code: "29", pin: "560068" };
const ROTTERDAM = { line1: "Maasvlakte 2", city: "Rotterdam", country: "NL" };

/** A Karnataka business selling pens to a trader in Maharashtra, a buyer abroad and a consumer. */
async function shop(api: TestApi) {
  const seller = await penSeller(api);
  const address = (state_code: string) => ({ line1: "1 Main Road", city: "Town", state_code, pin: "560001" });
  const parties = {
    trader: await seller.party({
      name: "Sharma Electronics",
      gstin: GSTINS.maharashtra,
      address: address("27"),
    }),
    abroad: await seller.party({ name: "Hudson Retail Inc.", address: { ...ROTTERDAM, city: "Amsterdam" } }),
    consumer: await seller.party({ name: "Ravi Kumar", address: address("29") }),
  };
  return { ...seller, parties };
}

describe("invoices shipped elsewhere than the buyer's address", () => {
  it("to the buyer's warehouse: kept on the invoice, ShipDtls in the e-invoice, the place of supply unchanged", async ({
    api,
  }) => {
    const s = await shop(api);
    const ship_to = { name: "Sharma Electronics Warehouse", address: BHIWANDI };
    const invoice = await s.issued(s.parties.trader, 3, { ship_to });
    expect(invoice).toMatchObject({
      place_of_supply: "27",
      supply_type: "inter_state",
      igst: 54.14,
      ship_to: { name: ship_to.name, gstin: null, address: { ...BHIWANDI, line2: null } },
    });
    expect((await s.call("retrieveInvoice", { path: { id: invoice.id } })).body).toEqual(invoice);
    const einvoice = await s.einvoiceOf(invoice.id);
    expect(einvoice.ShipDtls).toEqual({
      Gstin: "URP",
      LglNm: "Sharma Electronics Warehouse",
      Addr1: "Plot 7, Logistics Park",
      Loc: "Bhiwandi",
      Pin: 421302,
      Stcd: "27",
    });
    expect(einvoice.BuyerDtls.Pos).toBe("27");
  });

  it("to a registered consignee in another state: its GSTIN and state in ShipDtls, the buyer's IGST kept", async ({
    api,
  }) => {
    const s = await shop(api);
    const ship_to = { name: "Bangalore Assemblers", gstin: KARNATAKA_CONSIGNEE, address: HOSUR_ROAD };
    const invoice = await s.issued(s.parties.trader, 1, { ship_to });
    expect(invoice).toMatchObject({
      place_of_supply: "27",
      supply_type: "inter_state",
      cgst: 0,
      igst: 18.05,
    });
    expect(invoice.ship_to.gstin).toBe(KARNATAKA_CONSIGNEE);
    expect((await s.einvoiceOf(invoice.id)).ShipDtls).toMatchObject({
      Gstin: KARNATAKA_CONSIGNEE,
      Pin: 560068,
      Stcd: "29",
    });
  });

  it("an export shipped to a port abroad: ShipDtls without GSTIN, in 96 with PIN 999999", async ({ api }) => {
    const s = await shop(api);
    const invoice = await s.issued(s.parties.abroad, 1, {
      ship_to: { name: "Hudson DC Rotterdam", address: ROTTERDAM },
    });
    expect(invoice.ship_to.address).toEqual({ ...ROTTERDAM, line2: null, postal_code: null });
    expect((await s.einvoiceOf(invoice.id)).ShipDtls).toEqual({
      LglNm: "Hudson DC Rotterdam",
      Addr1: "Maasvlakte 2",
      Loc: "Rotterdam",
      Pin: 999999,
      Stcd: "96",
    });
  });

  it("without ship_to the invoice says null and the e-invoice has no ShipDtls", async ({ api }) => {
    const s = await shop(api);
    const invoice = await s.issued(s.parties.trader, 1);
    expect(invoice.ship_to).toBeNull();
    expect((await s.einvoiceOf(invoice.id)).ShipDtls).toBeUndefined();
  });
});

describe("refused ship-to addresses", () => {
  it("422 invalid_gstin and state_mismatch (in India or abroad), pointing into ship_to; nothing issued", async ({
    api,
  }) => {
    const s = await shop(api);
    const attempts: [object, string, string][] = [
      [
        { name: "Consignee", gstin: "29AAACE1234F1Z0", address: HOSUR_ROAD },
        "invalid_gstin",
        "/ship_to/gstin",
      ],
      [
        { name: "Consignee", gstin: KARNATAKA_CONSIGNEE, address: BHIWANDI },
        "state_mismatch",
        "/ship_to/address/state_code",
      ],
      [
        { name: "Consignee", gstin: KARNATAKA_CONSIGNEE, address: ROTTERDAM },
        "state_mismatch",
        "/ship_to/address/country",
      ],
    ];
    for (const [ship_to, code, pointer] of attempts) {
      const res = await s.invoice(s.parties.trader, 1, { ship_to });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ code, pointer })]);
    }
    expect((await s.call("listInvoices")).body.data).toEqual([]);
  });

  it("422 einvoice_party_incomplete for a short city on an e-invoiced supply; a consumer's invoice takes it", async ({
    api,
  }) => {
    const s = await shop(api);
    const ship_to = { name: "Sharma Godown", address: { ...BHIWANDI, city: "Ka" } };
    const refused = await s.invoice(s.parties.trader, 1, { ship_to });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ code: "einvoice_party_incomplete", pointer: "/ship_to/address/city" }),
    ]);
    const consumer = await s.invoice(s.parties.consumer, 1, {
      ship_to: { name: "Ravi's Shop", address: { ...HOSUR_ROAD, city: "Ka" } },
    });
    expect(consumer.status, JSON.stringify(consumer.body)).toBe(201);
    expect(consumer.body).toMatchObject({ irn: null, supply_type: "intra_state" });
  });

  it("400 for a ship_to without address, with a name under 3 characters, or with an unknown field", async ({
    api,
  }) => {
    const s = await shop(api);
    for (const ship_to of [
      { name: "Consignee" },
      { name: "AB", address: BHIWANDI },
      { name: "Consignee", address: BHIWANDI, phone: "123" },
    ]) {
      const res = await s.invoice(s.parties.trader, 1, { ship_to });
      expect(res.status, JSON.stringify(ship_to)).toBe(400);
    }
  });
});
