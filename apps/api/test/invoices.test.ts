import { createHash, createPublicKey, verify } from "node:crypto";
import { type components, fixtures } from "@bahi/contract";
import { eq, sql } from "drizzle-orm";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Executor, Transaction } from "../src/db/client.js";
import { rowsOf } from "../src/db/rows.js";
import { documentSeries, idempotencyKeys, invoices, products } from "../src/db/schema.js";
import { inTransaction } from "../src/db/transactions.js";
import { IrpSandbox } from "../src/einvoice/sandbox.js";
import { SecretBox } from "../src/secrets/secret-box.js";
import { movementsOfSource } from "../src/services/catalogue/stock.js";
import { createInvoice as createInvoiceJson } from "../src/services/invoices/create.js";
import { type InvoiceFilters, listInvoices } from "../src/services/invoices/list.js";
import { readInvoice } from "../src/services/invoices/read.js";
import type { WriteContext } from "../src/services/shared/writes.js";
import { GuessedClaims } from "../src/speed/guessed-claims.js";
import { IssuedInvoices } from "../src/speed/issued-invoices.js";
import { LANE_BATCHES_IN_FLIGHT, LANE_LOCK_TIMEOUT_MS } from "../src/speed/lanes.js";
import { NumberGuesses } from "../src/speed/number-guesses.js";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { driverUnderTest } from "./support/database.js";
import { expectSignedUnderItsNumber } from "./support/einvoice.js";
import { eventsOf } from "./support/events.js";
import { whileKeyIsHeld } from "./support/idempotency.js";
import { createTenant, GSTINS, type Tenant } from "./support/tenants.js";

/**
 * A create called directly (not over HTTP), its answer (JSON text, as the router sends it) read back:
 * in the given transaction, or on the pool as a write that commits alone (as runWrite runs it
 * without an Idempotency-Key).
 */
const createInvoice = async (
  db: Executor,
  ...rest: Parameters<typeof createInvoiceJson> extends [unknown, ...infer R] ? R : never
) => {
  const write: WriteContext = inTransaction(db)
    ? {
        tx: db as Transaction,
        pool: api.database.handle.db,
        transaction: (work) => work(db as Transaction),
        record: null,
        afterCommit: () => {},
      }
    : {
        tx: null,
        pool: db as Database,
        transaction: (work) => (db as Database).transaction(work),
        record: null,
        afterCommit: () => {},
      };
  const created = await createInvoiceJson(write, ...rest);
  return JSON.parse(created.invoice.text) as components["schemas"]["Invoice"];
};

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface Shop {
  tenant: Tenant;
  key: string;
  call: (operationId: string, options?: Parameters<TestApi["call"]>[1]) => Promise<CallResult>;
  party: (body: unknown) => Promise<string>;
  /** A product made from the goods fixture with `body`'s changes. */
  product: (body: Record<string, unknown>) => Promise<string>;
  service: () => Promise<string>;
  invoice: (body: Record<string, unknown>, headers?: Record<string, string>) => Promise<CallResult>;
}

/** A business with its own key, so that each test's numbers and stock are its own. */
async function shop(gstin: string = GSTINS.karnataka): Promise<Shop> {
  const tenant = await createTenant(api.database.handle.db, { gstin });
  const call: Shop["call"] = (operationId, options = {}) =>
    api.call(operationId, { key: tenant.testKey, ...options });
  return {
    tenant,
    key: tenant.testKey,
    call,
    party: async (body) => (await call("createParty", { body })).body.id,
    product: async (body) => {
      const created = await call("createProduct", { body: { ...fixtures.ProductCreate, ...body } });
      expect(created.status).toBe(201);
      return created.body.id;
    },
    service: async () => (await call("createProduct", { body: fixtures.ProductCreateService })).body.id,
    invoice: async (body, headers) => {
      const created = await call("createInvoice", { body, headers });
      // Every invoice read back is what its create answered: what was stored (amounts as `numeric`,
      // the party as it was) gives the same object as the one built before it was written.
      if (created.status === 201) {
        const read = await call("retrieveInvoice", { path: { id: created.body.id } });
        expect(read.body).toEqual(created.body);
      }
      return created;
    },
  };
}

/**
 * The services a create needs, called directly (not over HTTP), with an IRP sandbox that counts its
 * signatures: a guess that misses is signed twice, which only such a count sees.
 */
async function servicesCountingSignatures() {
  const irp = await IrpSandbox.open(api.database.handle.db);
  let signed = 0;
  const register = irp.register.bind(irp);
  irp.register = (document) => {
    signed += 1;
    return register(document);
  };
  const numberGuesses = new NumberGuesses();
  let underLock = 0;
  const take = numberGuesses.take.bind(numberGuesses);
  numberGuesses.take = (series) => {
    underLock += 1;
    return take(series);
  };
  return {
    services: {
      irp,
      claims: new GuessedClaims(numberGuesses, api.lanes),
      readsBeside: null,
    },
    signatures: () => signed,
    /** Creates that took their number under the series lock instead of a guess. */
    underLock: () => underLock,
  };
}

/**
 * `clients` callers on a series with no invoice yet, each creating `each` pen sales one after the
 * other without a pause, on the pool; resolves with the numbers they got, sorted, and the counters
 * of servicesCountingSignatures.
 */
async function salesOnANewSeries(clients: number, each: number) {
  const s = await shop();
  const party = await s.party(sharma);
  await s.product({ opening_stock: 1_000 });
  const owner = { accountId: s.tenant.accountId, livemode: false };
  const sale = { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] };
  const { db } = api.database.handle;
  const counting = await servicesCountingSignatures();
  const numbers = await Promise.all(
    Array.from({ length: clients }, async () => {
      const taken: string[] = [];
      for (let i = 0; i < each; i++)
        taken.push((await createInvoice(db, owner, sale, new Date(), counting.services)).number);
      return taken;
    }),
  );
  return { ...counting, numbers: numbers.flat().sort() };
}

/** INV/26-27/000001 to the `count`th. */
const firstNumbers = (count: number) =>
  Array.from({ length: count }, (_, i) => `INV/26-27/${String(i + 1).padStart(6, "0")}`);

/**
 * A shop selling one pen (100 in stock) to a registered buyer, with its invoice series started by a
 * first sale over HTTP, so that the next create has a number to guess from.
 */
async function penSaleAfterFirstInvoice() {
  const s = await shop();
  const party = await s.party(fixtures.PartyCreate);
  await s.product({ opening_stock: 100 });
  const sale = { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] };
  expect((await s.invoice(sale)).status).toBe(201);
  return { s, sale, owner: { accountId: s.tenant.accountId, livemode: false } };
}

/**
 * Locks the account's document series from another transaction for `ms`; resolves once it holds
 * them, with that transaction's end (wrapped, so that awaiting this does not wait for it).
 */
async function holdingTheSeries(accountId: string, ms: number): Promise<{ released: Promise<void> }> {
  let locked!: () => void;
  const seriesLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = api.database.handle.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from document_series where account_id = ${accountId} for update`);
    locked();
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  await seriesLocked;
  return { released: holder };
}

const meera = fixtures.PartyCreateUnregistered;
const sharma = fixtures.PartyCreate;

describe("a line's rate", () => {
  it("defaults to the product's price; a rate given wins", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({ price: 99.99 });
    const res = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 3 }] });
    expect(res.status).toBe(201);
    expect(res.body.items[0]).toMatchObject({ rate: 99.99, taxable_value: 299.97 });
    const given = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 80 }] });
    expect(given.body.items[0]).toMatchObject({ rate: 80, taxable_value: 80 });
  });
});

describe("exact GST", () => {
  it("intra-state: CGST + SGST, each half, rounded per line; the odd paisa goes to round_off", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({});
    const res = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 3, rate: 99.99 }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      supply_type: "intra_state",
      place_of_supply: "29",
      sgst_label: "SGST",
      taxable_value: 299.97,
      cgst: 27,
      sgst: 27,
      igst: 0,
      round_off: 0.03,
      total: 354,
      balance_due: 354,
      irn: null,
      ack_no: null,
      signed_qr_code: null,
    });
    expect(res.body.items[0]).toMatchObject({
      taxable_value: 299.97,
      cgst: 27,
      sgst: 27,
      total: 353.97,
      hsn_code: "96081019",
    });
  });

  it("inter-state: IGST at the full rate; a discount comes off before tax", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({});
    await s.service();
    const res = await s.invoice({ ...fixtures.InvoiceCreate, party_id: party, date: undefined });
    expect(res.body).toMatchObject({
      supply_type: "inter_state",
      place_of_supply: "27",
      taxable_value: 3699.77,
      cgst: 0,
      sgst: 0,
      igst: 665.96,
      round_off: 0.27,
      total: 4366,
    });
    expect(res.body.items[1]).toMatchObject({ discount: 100, taxable_value: 1400, igst: 252, total: 1652 });
  });

  it("a union territory without legislature: UTGST, with a 3-decimal quantity", async () => {
    const s = await shop(GSTINS.chandigarh);
    const party = await s.party({
      ...meera,
      address: { ...meera.address, state_code: "04", city: "Chandigarh", pin: "160017" },
    });
    await s.product({ sku: "RICE-5", name: "Basmati rice", gst_rate: 5, hsn_code: "10063020", unit: "KGS" });
    const res = await s.invoice({ party_id: party, items: [{ sku: "RICE-5", qty: 1.255, rate: 80.5 }] });
    expect(res.body).toMatchObject({
      supply_type: "intra_state",
      sgst_label: "UTGST",
      taxable_value: 101.03,
      cgst: 2.53,
      sgst: 2.53,
      round_off: -0.09,
      total: 106,
    });
    expect(res.body.items[0]).toMatchObject({ qty: 1.255, rate: 80.5, unit: "KGS" });
  });

  it("amounts past a lakh with paise and quantities past 8,388 with 3 decimals are taken as written", async () => {
    // Each of these was refused as having too many decimals: the validator divided by the step.
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({
      sku: "HR-COIL",
      name: "Hot-rolled coil",
      hsn_code: "72083610",
      unit: "TON",
      opening_stock: 10_000,
    });
    const res = await s.invoice({
      party_id: party,
      items: [{ sku: "HR-COIL", qty: 8388.612, rate: 111848.18, discount: 1234567.89 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items[0]).toMatchObject({ qty: 8388.612, rate: 111848.18, discount: 1234567.89 });
    expect(res.body).toMatchObject({
      taxable_value: 937016417.04,
      igst: 168662955.07,
      round_off: -0.11,
      total: 1105679372,
    });
  });

  it("an export (place of supply 96): IGST whatever the states, and an EXPWP e-invoice to URP", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({
      sku: "SHAWL",
      name: "Pashmina shawl",
      price: 1000,
      hsn_code: "62142010",
      opening_stock: 10,
    });
    const res = await s.invoice({
      party_id: party,
      place_of_supply: "96",
      items: [{ sku: "SHAWL", qty: 2, rate: 1000 }],
    });
    expect(res.body).toMatchObject({
      supply_type: "inter_state",
      place_of_supply: "96",
      igst: 360,
      cgst: 0,
      total: 2360,
    });
    expect(res.body.irn).toMatch(/^[0-9a-f]{64}$/);
    const einvoice = await s.call("retrieveInvoiceEinvoice", { path: { id: res.body.id } });
    expect(einvoice.body.TranDtls).toEqual({ TaxSch: "GST", SupTyp: "EXPWP", RegRev: "N" });
    expect(einvoice.body.BuyerDtls).toMatchObject({ Gstin: "URP", Pos: "96", Stcd: "96", Pin: 999999 });

    // A party that also holds an Indian GSTIN is still a foreign buyer for an export: the IRP refuses a
    // GSTIN whose state is not the buyer's state code 96.
    const registered = await s.party(sharma);
    const toRegistered = await s.invoice({
      party_id: registered,
      place_of_supply: "96",
      items: [{ sku: "SHAWL", qty: 1, rate: 1000 }],
    });
    expect(toRegistered.status).toBe(201);
    const sent = await s.call("retrieveInvoiceEinvoice", { path: { id: toRegistered.body.id } });
    expect(sent.body.BuyerDtls).toMatchObject({ Gstin: "URP", Pos: "96", Stcd: "96", Pin: 999999 });
  });

  it("reverse charge: tax shown, not collected; the e-invoice still values lines with tax", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({});
    const res = await s.invoice({
      party_id: party,
      reverse_charge: true,
      items: [{ sku: "PEN-01", qty: 10, rate: 99.99 }],
    });
    expect(res.body).toMatchObject({
      reverse_charge: true,
      taxable_value: 999.9,
      igst: 179.98,
      round_off: 0.1,
      total: 1000,
    });
    const einvoice = (await s.call("retrieveInvoiceEinvoice", { path: { id: res.body.id } })).body;
    expect(einvoice.TranDtls.RegRev).toBe("Y");
    expect(einvoice.ItemList[0]).toMatchObject({ AssAmt: 999.9, IgstAmt: 179.98, TotItemVal: 1179.88 });
    expect(einvoice.ValDtls).toMatchObject({
      AssVal: 999.9,
      IgstVal: 179.98,
      RndOffAmt: 0.12,
      TotInvVal: 1180,
    });
  });
});

describe("the e-invoice", () => {
  it("carries the IRN of the government's formula, and signatures the published key verifies", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({});
    const res = await s.invoice({
      party_id: party,
      date: "2026-11-20",
      items: [{ sku: "PEN-01", qty: 1, rate: 10 }],
    });
    const { number, irn, ack_no, ack_date, signed_qr_code, signed_invoice } = res.body;
    const expected = createHash("sha256").update(`${GSTINS.karnataka}2026-27INV${number}`).digest("hex");
    expect(irn).toBe(expected);
    expect(ack_no).toMatch(/^[0-9]{15}$/);
    expect(Date.parse(ack_date)).toBeGreaterThan(Date.now() - 60_000);

    const jwks = await api.call("retrieveEinvoiceJwks", {});
    expect(jwks.status).toBe(200);
    for (const token of [signed_qr_code, signed_invoice]) {
      const [header, payload, signature] = token.split(".");
      const { kid, alg } = JSON.parse(Buffer.from(header, "base64url").toString());
      expect(alg).toBe("RS256");
      const jwk = jwks.body.keys.find((k: { kid: string }) => k.kid === kid);
      const key = createPublicKey({ key: jwk, format: "jwk" });
      expect(
        verify("sha256", Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, "base64url")),
      ).toBe(true);
    }
    const qr = JSON.parse(JSON.parse(Buffer.from(signed_qr_code.split(".")[1], "base64url").toString()).data);
    expect(qr).toMatchObject({
      SellerGstin: GSTINS.karnataka,
      BuyerGstin: GSTINS.maharashtra,
      DocNo: number,
      DocTyp: "INV",
      DocDt: "20/11/2026",
      TotInvVal: 12,
      ItemCnt: 1,
      MainHsnCode: "96081019",
      Irn: irn,
    });
  });

  it("GET …/einvoice is the INV-01 1.1 document as sent: formats as the schema wants", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({});
    await s.service();
    const created = await s.invoice({ ...fixtures.InvoiceCreate, party_id: party, date: "2026-11-02" });
    const res = await s.call("retrieveInvoiceEinvoice", { path: { id: created.body.id } });
    expect(res.body).toMatchObject({
      Version: "1.1",
      DocDtls: { Typ: "INV", No: created.body.number, Dt: "02/11/2026" },
      SellerDtls: { Gstin: GSTINS.karnataka, Stcd: "29", Pin: 560001 },
      BuyerDtls: { Gstin: GSTINS.maharashtra, Pos: "27", Stcd: "27", Pin: 400007 },
      ValDtls: { AssVal: 3699.77, IgstVal: 665.96, RndOffAmt: 0.27, TotInvVal: 4366 },
    });
    expect(res.body.ItemList[0]).toMatchObject({
      SlNo: "1",
      IsServc: "N",
      HsnCd: "96081019",
      GstRt: 18,
      Qty: 23,
      Unit: "NOS",
      UnitPrice: 99.99,
      TotAmt: 2299.77,
    });
    // The IRP takes a unit of 3 to 8 letters and none for a service: the product's NA stays home.
    expect(res.body.ItemList[1]).toMatchObject({ SlNo: "2", IsServc: "Y", Discount: 100, AssAmt: 1400 });
    expect(res.body.ItemList[1]).not.toHaveProperty("Unit");
    // As sent: the document the IRP signed (less the acknowledgement it adds), key for key in order.
    const signed = Buffer.from(created.body.signed_invoice.split(".")[1], "base64url").toString();
    const { AckNo, AckDt, Irn, ...sent } = JSON.parse(JSON.parse(signed).data);
    expect(JSON.stringify(res.body)).toBe(JSON.stringify(sent));
  });

  it("404 einvoice_not_applicable for a sale to an unregistered buyer; the JWKS needs no key", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({});
    const created = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 5 }] });
    const res = await s.call("retrieveInvoiceEinvoice", { path: { id: created.body.id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("einvoice_not_applicable");
    expect((await api.call("retrieveEinvoiceJwks", { key: null })).status).toBe(200);
  });
});

describe("reading an invoice back", () => {
  it("text beyond ASCII goes out whole: its Content-Length counts bytes, and the body parses as created", async () => {
    const s = await shop();
    const party = await s.party({ ...meera, name: "मीरा राव" });
    await s.product({});
    const created = await s.invoice({
      party_id: party,
      items: [{ sku: "PEN-01", qty: 1, rate: 99.99, description: "नीला पेन, ₹99.99 का" }],
      notes: "धन्यवाद ✓",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await fetch(new URL(`/v1/invoices/${created.body.id}`, api.url), {
      headers: { authorization: `Bearer ${s.key}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    expect(bytes.length).toBeGreaterThan(bytes.toString("utf8").length);
    expect(JSON.parse(bytes.toString("utf8"))).toEqual(created.body);
  });
});

describe("numbers: consecutive, no gap, no duplicate", () => {
  it("50 concurrent creates get 50 consecutive numbers", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({ opening_stock: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const numbers = answers.map((a) => a.body.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `INV/26-27/${String(i + 1).padStart(6, "0")}`),
    );
  });

  it("e-invoiced: creates, some refused for stock, are numbered consecutively, each signed under its own number", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({ opening_stock: 26 });
    const sale = { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] };
    // The node signs each invoice under the number it guesses before locking the series. A refused
    // sale gives its number back, so the next guess is one too far: that invoice is signed again.
    expect((await s.invoice(sale)).body.number).toBe("INV/26-27/000001");
    const refused = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 100, rate: 10 }] });
    expect(refused.status).toBe(409);
    const after = await s.invoice(sale);
    expect(after.body.number).toBe("INV/26-27/000002");
    expectSignedUnderItsNumber(after.body, GSTINS.karnataka, "2026-27");
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(24).fill(201), ...Array(6).fill(409)]);
    const created = answers.filter((a) => a.status === 201).map((a) => a.body);
    expect(created.map((invoice) => invoice.number).sort()).toEqual(
      Array.from({ length: 24 }, (_, i) => `INV/26-27/${String(i + 3).padStart(6, "0")}`),
    );
    for (const invoice of created) expectSignedUnderItsNumber(invoice, GSTINS.karnataka, "2026-27");
  });

  it("on one node, concurrent e-invoiced creates are each signed once: every guessed number holds", async () => {
    // The series' first invoice has nothing to guess from; the rest are signed before the lock under
    // the number this node expects. A claim must wait for the invoice in flight before it and read
    // the series as that one left it: one that reads an older version misses, and every miss signs
    // the invoice a second time, which is correct but slow, so only a count of signatures sees it.
    const { sale, owner } = await penSaleAfterFirstInvoice();
    const { db } = api.database.handle;
    const { services, signatures } = await servicesCountingSignatures();
    const numbers = (from: number) =>
      Array.from({ length: 20 }, (_, i) => `INV/26-27/${String(from + i).padStart(6, "0")}`);
    // In a transaction each (as with an Idempotency-Key), each claim waits for the one before it.
    const inTransactions = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) => createInvoice(tx, owner, sale, new Date(), services)),
      ),
    );
    expect(inTransactions.map((invoice) => invoice.number).sort()).toEqual(numbers(2));
    expect(signatures()).toBe(20);
    // Each in a transaction of its own, as the API runs them.
    const alone = await Promise.all(
      Array.from({ length: 20 }, () => createInvoice(db, owner, sale, new Date(), services)),
    );
    expect(alone.map((invoice) => invoice.number).sort()).toEqual(numbers(22));
    expect(signatures()).toBe(40);
  });

  it("creates that keep coming while the series' first numbers are taken under the lock go back to guessing", async () => {
    // The first creates of a series have nothing to guess from and take their numbers under the
    // lock. A guess made while such a create is still in flight is one it will take, and that
    // guess's own retry under the lock takes the next guess's number: with creates always in
    // flight, every guess missed and every invoice was signed twice, at half the speed.
    const { numbers, signatures } = await salesOnANewSeries(8, 10);
    expect(numbers).toEqual(firstNumbers(80));
    // Once the first creates are done, the rest guess again, and guess right.
    expect(signatures()).toBeLessThanOrEqual(80 + 8);
  });

  it("a create whose transaction cannot begin gives its guess up: the creates after it are not held", async () => {
    // A live invoice on the free plan counts against its quota in a transaction, which it opens
    // after it has guessed; a guess never given up would hold every later claim of the series.
    const { db } = api.database.handle;
    const tenant = await createTenant(db, { plan: "free" });
    const call = (operationId: string, body: unknown) => api.call(operationId, { key: tenant.liveKey, body });
    const party = (await call("createParty", sharma)).body.id;
    expect((await call("createProduct", fixtures.ProductCreate)).status).toBe(201);
    const sale = { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] };
    expect((await call("createInvoice", sale)).body.number).toBe("INV/26-27/000001");
    const owner = { accountId: tenant.accountId, livemode: true };
    const { services } = await servicesCountingSignatures();
    const lost = new Error("connection lost");
    const failing = new Proxy(db, {
      get: (target, name) =>
        name === "transaction" ? () => Promise.reject(lost) : Reflect.get(target, name, target),
    });
    await expect(createInvoice(failing, owner, sale, new Date(), services)).rejects.toBe(lost);
    const next = await createInvoice(db, owner, sale, new Date(), services);
    expect(next.number).toBe("INV/26-27/000002");
  });

  it("32 clients creating without a pause on a new series: only the first creates take the lock", async () => {
    // The first creates of a series take their numbers under the lock, one after another; the
    // creates after them wait for those to end, then guess. Waiting only 50 ms, a create gave up
    // before 32 such creates were done, took the lock itself and so kept the series from settling:
    // every later create then took the lock too, for as long as creates kept coming.
    const { numbers, underLock } = await salesOnANewSeries(32, 8);
    expect(numbers).toEqual(firstNumbers(256));
    expect(underLock()).toBeLessThanOrEqual(2 * 32);
  });

  it("a create in a transaction that rolls back leaves nothing, its guessed claim included", async () => {
    // As a create with an Idempotency-Key does when it cannot write its key with its one statement:
    // the invoice must commit with the key's record, in the request's transaction, never on a lane.
    const { s, sale, owner } = await penSaleAfterFirstInvoice();
    const { db } = api.database.handle;
    const { services, signatures } = await servicesCountingSignatures();
    const rolledBack = new Error("rolled back");
    await expect(
      db.transaction(async (tx) => {
        await createInvoice(tx, owner, sale, new Date(), services);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(signatures()).toBe(1);
    const [count] = rowsOf(
      await db.execute(sql`select count(*)::int as n from invoices where account_id = ${owner.accountId}`),
    );
    expect(count?.n).toBe(1);
    expect((await s.invoice(sale)).body.number).toBe("INV/26-27/000002");
  });

  it.runIf(driverUnderTest === "postgres")(
    "a create whose claim waits on its lane past LANE_LOCK_TIMEOUT_MS takes the locked path and goes through",
    async () => {
      const { s, sale, owner } = await penSaleAfterFirstInvoice();
      const { db } = api.database.handle;
      // Another transaction holds the series (as a create sent with an Idempotency-Key would, on
      // another connection) for three times the lane's patience.
      const { released } = await holdingTheSeries(s.tenant.accountId, LANE_LOCK_TIMEOUT_MS * 3);
      const { services, signatures } = await servicesCountingSignatures();
      const created = await createInvoice(db, owner, sale, new Date(), services);
      expect(created.number).toBe("INV/26-27/000002");
      // Signed under its guess, which gave up on the lane, then again under the lock it waited for.
      expect(signatures()).toBe(2);
      await released;
      // The lane works on: the next create is numbered right after.
      expect((await s.invoice(sale)).body.number).toBe("INV/26-27/000003");
      const [stock] = await db.select().from(products).where(eq(products.accountId, s.tenant.accountId));
      expect(stock?.stockOnHand).toBe("97.000");
    },
  );

  it.runIf(driverUnderTest === "postgres")(
    "creates whose claims were batched with one that waited past LANE_LOCK_TIMEOUT_MS all take the locked path, in order",
    async () => {
      const { s, sale, owner } = await penSaleAfterFirstInvoice();
      const { db } = api.database.handle;
      const { released } = await holdingTheSeries(s.tenant.accountId, LANE_LOCK_TIMEOUT_MS * 6);
      const { services, signatures, underLock } = await servicesCountingSignatures();
      // The first claims go alone and each waits LANE_LOCK_TIMEOUT_MS on the lock, one after the
      // other; the three after them wait on the lane and go together, while the lock is still held,
      // and the first of those to time out rolls the other two back with it.
      const count = LANE_BATCHES_IN_FLIGHT + 3;
      const created = await Promise.all(
        Array.from({ length: count }, () => createInvoice(db, owner, sale, new Date(), services)),
      );
      await released;
      expect(created.map((invoice) => invoice.number).sort()).toEqual(
        Array.from({ length: count }, (_, i) => `INV/26-27/${String(i + 2).padStart(6, "0")}`),
      );
      expect(signatures()).toBe(2 * count);
      expect(underLock()).toBe(count);
      const [stock] = await db.select().from(products).where(eq(products.accountId, s.tenant.accountId));
      expect(stock?.stockOnHand).toBe(String(99 - count).concat(".000"));
    },
  );

  it("concurrent sales of the same products, listed in any order, all go through", async () => {
    const s = await shop();
    const party = await s.party(meera);
    const skus = ["PEN-01", "PAD", "INK"];
    for (const sku of skus) await s.product({ sku, name: sku, opening_stock: 100 });
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 0, 2],
      [2, 0, 1],
    ];
    // Each sale updates the stock rows again, moving them on the heap, so a lock order that followed
    // the plan rather than the ids would differ between sales and deadlock some of them.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        s.invoice({
          party_id: party,
          items: (orders[i % orders.length] as number[]).map((k) => ({
            sku: skus[k] as string,
            qty: 1,
            rate: 10,
          })),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 40 }, () => 201));
    for (const sku of skus) {
      const product = await s.call("listProducts", { query: { q: sku } });
      expect(product.body.data[0].stock_on_hand).toBe(60);
    }
  });

  it("a sale that takes a product to its reorder level announces product.stock_low once", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({ opening_stock: 10, reorder_level: 5 });
    const sale = (qty: number) => ({ party_id: party, items: [{ sku: "PEN-01", qty, rate: 10 }] });
    const { db } = api.database.handle;
    const { services, signatures } = await servicesCountingSignatures();
    const owner = { accountId: s.tenant.accountId, livemode: false };
    const numbers = [];
    for (const qty of [3, 3, 1])
      numbers.push((await createInvoice(db, owner, sale(qty), new Date(), services)).number);
    expect(numbers).toEqual(["INV/26-27/000001", "INV/26-27/000002", "INV/26-27/000003"]);
    const low = await eventsOf(db, s.tenant.accountId, "product.stock_low");
    expect(low.map((e) => e.object.stock_on_hand)).toEqual([4]);
    // The first has no number to guess from; the second's guessed statement, which commits alone and
    // cannot write the event, refuses to reach the level, so it is signed again and written under the
    // lock with its event; the third is signed once.
    expect(signatures()).toBe(1 + 2 + 1);
  });

  it("a failed create burns no number and changes nothing", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({ opening_stock: 5 });
    await s.product({ sku: "PAD", name: "Pad", opening_stock: 1 });
    const first = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] });
    const short = await s.invoice({
      party_id: party,
      items: [
        { sku: "PEN-01", qty: 1, rate: 10 },
        { sku: "PAD", qty: 2, rate: 5 },
      ],
    });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe("insufficient_stock");
    expect(short.body.detail).toContain("PAD");
    expect(short.body.errors).toEqual([
      expect.objectContaining({ pointer: "/items/1/qty", code: "insufficient_stock" }),
    ]);
    const unknown = await s.invoice({ party_id: party, items: [{ sku: "NOPE", qty: 1, rate: 1 }] });
    expect(unknown.status).toBe(422);
    const next = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] });
    expect(first.body.number).toBe("INV/26-27/000001");
    expect(next.body.number).toBe("INV/26-27/000002");
    const pen = await s.call("listProducts", { query: { q: "PEN-01" } });
    expect(pen.body.data[0].stock_on_hand).toBe(3);
    const pad = await s.call("listProducts", { query: { q: "PAD" } });
    expect(pad.body.data[0].stock_on_hand).toBe(1);
    const created = await eventsOf(api.database.handle.db, s.tenant.accountId, "invoice.created");
    // The first of a series is written under the lock, the next by the one statement: each announces
    // the invoice its create answered with.
    expect(created.map((e) => e.object)).toEqual([first.body, next.body]);
  });

  it("each financial year starts again at 1, or runs on when the account says never", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({});
    const line = [{ sku: "PEN-01", qty: 1, rate: 10 }];
    const thisYear = await s.invoice({ party_id: party, date: "2026-04-01", items: line });
    const lastYear = await s.invoice({ party_id: party, date: "2026-03-31", items: line });
    expect(thisYear.body.number).toBe("INV/26-27/000001");
    expect(lastYear.body.number).toBe("INV/25-26/000001");
    await s.call("updateAccount", { body: { number_reset: "never", invoice_number_format: "B-{SEQ:5}" } });
    const runOn1 = await s.invoice({ party_id: party, date: "2026-03-30", items: line });
    const runOn2 = await s.invoice({ party_id: party, date: "2026-05-01", items: line });
    // After the highest number issued, in any year: a format without the year would repeat it.
    expect([runOn1.body.number, runOn2.body.number]).toEqual(["B-00002", "B-00003"]);
  });

  it("a change of number_reset, either way, repeats no number: invoices and credit notes run on", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({ opening_stock: 100 });
    const line = [{ sku: "PEN-01", qty: 1, rate: 10 }];
    const sale = async () => (await s.invoice({ party_id: party, items: line })).body;
    const credit = async (invoiceId: string) => {
      const note = await s.call("createCreditNote", {
        body: { invoice_id: invoiceId, reason: "sales_return", items: [{ sku: "PEN-01", qty: 1 }] },
      });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      return note.body.number as string;
    };
    const first = await sale();
    await sale();
    expect(await credit(first.id)).toBe("CN/26-27/000001");
    await s.call("updateAccount", { body: { number_reset: "never" } });
    const third = await sale();
    expect(third.number).toBe("INV/26-27/000003");
    expect(await credit(third.id)).toBe("CN/26-27/000002");
    await s.call("updateAccount", { body: { number_reset: "yearly" } });
    const fourth = await sale();
    expect(fourth.number).toBe("INV/26-27/000004");
    expect(await credit(fourth.id)).toBe("CN/26-27/000003");
  });

  it("a number some document already has is passed over, by a guessed create and under the lock alike", async () => {
    const { s, sale, owner } = await penSaleAfterFirstInvoice();
    const db = api.database.handle.db;
    const second = (await s.invoice(sale)).body;
    const note = async (invoiceId: string) => {
      const created = await s.call("createCreditNote", {
        body: { invoice_id: invoiceId, reason: "sales_return", items: [{ sku: "PEN-01", qty: 1 }] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.number as string;
    };
    expect(await note(second.id)).toBe("CN/26-27/000001");
    // Counters left behind, as by a create that read the account's numbering before a change of
    // number_reset committed: the next number each gives is already an invoice's or a note's.
    const stepBack = () =>
      db
        .update(documentSeries)
        .set({ lastSeq: sql`${documentSeries.lastSeq} - 1` })
        .where(eq(documentSeries.accountId, s.tenant.accountId));
    await stepBack();
    // A node that has not seen the series guesses from the counter: its claim finds the number taken
    // and misses, and under the lock the number is passed over.
    const { services, signatures } = await servicesCountingSignatures();
    const guessed = await createInvoice(db, owner, sale, new Date(), services);
    expect(guessed.number).toBe("INV/26-27/000003");
    expect(signatures()).toBe(2);
    const third = (await s.invoice(sale)).body;
    expect(third.number).toBe("INV/26-27/000004");
    expect(await note(third.id)).toBe("CN/26-27/000002");
  });

  it("422 for a number format that cannot give a valid number", async () => {
    const s = await shop();
    const res = await s.call("updateAccount", { body: { invoice_number_format: "INVOICE/{FY}/{SEQ:6}" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/invoice_number_format", code: "invalid_number_format" }),
    ]);
  });
});

describe("bad input", () => {
  it.each([
    ["an unknown party", { party_id: "pty_nope" }, "unknown_party", "/party_id"],
    ["a date in the future", { date: "2099-01-01" }, "date_in_future", "/date"],
    [
      "a due date before the date",
      { date: "2026-11-01", due_date: "2026-10-31" },
      "due_date_before_date",
      "/due_date",
    ],
    [
      "an unknown SKU",
      {
        items: [
          { sku: "PEN-01", qty: 1, rate: 1 },
          { sku: "GHOST", qty: 1, rate: 1 },
        ],
      },
      "unknown_sku",
      "/items/1/sku",
    ],
    [
      "a discount above quantity × rate",
      { items: [{ sku: "PEN-01", qty: 1, rate: 1, discount: 2 }] },
      "discount_exceeds_gross",
      "/items/0/discount",
    ],
  ])("422 for %s", async (_what, override, code, pointer) => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({});
    const res = await s.invoice({
      party_id: party,
      items: [{ sku: "PEN-01", qty: 1, rate: 1 }],
      ...override,
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer, code }));
  });

  it("422 hsn_missing for a product without HSN sold to a registered buyer or exported; allowed to a consumer", async () => {
    const s = await shop();
    await s.product({ hsn_code: null });
    const registered = await s.invoice({
      party_id: await s.party(sharma),
      items: [{ sku: "PEN-01", qty: 1, rate: 1 }],
    });
    expect(registered.status).toBe(422);
    expect(registered.body.errors).toEqual([
      expect.objectContaining({ pointer: "/items/0/sku", code: "hsn_missing" }),
    ]);
    expect(registered.body.detail).toContain("PEN-01");
    // An export is e-invoiced too, and the IRP wants every line's HSN.
    const exported = await s.invoice({
      party_id: await s.party(meera),
      place_of_supply: "96",
      items: [{ sku: "PEN-01", qty: 1, rate: 1 }],
    });
    expect(exported.status).toBe(422);
    expect(exported.body.code).toBe("hsn_missing");
    const consumer = await s.invoice({
      party_id: await s.party(meera),
      items: [{ sku: "PEN-01", qty: 1, rate: 1 }],
    });
    expect(consumer.status).toBe(201);
    expect(consumer.body.items[0].hsn_code).toBeNull();
  });

  it("422 amount_out_of_range for an invoice whose total passes the largest amount (99,999,999,999.99)", async () => {
    const s = await shop();
    await s.product({ track_stock: false, opening_stock: 0, reorder_level: null });
    const party = await s.party(meera);
    const line = (rate: number) => ({ party_id: party, items: [{ sku: "PEN-01", qty: 100, rate }] });
    // 100 × 9,999,999,999 at 18%: 1,179,999,999,882.
    const over = await s.invoice(line(9_999_999_999));
    expect(over.status).toBe(422);
    expect(over.body.code).toBe("amount_out_of_range");
    // 100 × 847,457,627.11 at 18%: 99,999,999,999.00 with its tax, the largest it takes.
    const atLimit = await s.invoice(line(847_457_627.11));
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(201);
    expect(atLimit.body.total).toBeLessThanOrEqual(99_999_999_999.99);
  });

  it("422 rate_not_in_force for a pre-reform rate on a current date; accepted on an old date", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({});
    await api.database.handle.db
      .update(products)
      .set({ gstRate: "12" })
      .where(sql`${products.accountId} = ${s.tenant.accountId}`);
    const now = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 100 }] });
    expect(now.status).toBe(422);
    expect(now.body.errors).toEqual([
      expect.objectContaining({ pointer: "/items/0/sku", code: "rate_not_in_force" }),
    ]);
    const before = await s.invoice({
      party_id: party,
      date: "2025-09-21",
      items: [{ sku: "PEN-01", qty: 1, rate: 100 }],
    });
    expect(before.body).toMatchObject({ cgst: 6, sgst: 6, total: 112 });
  });

  it("422 financial_year_closed for a date in a closed year", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({});
    await s.call("updateAccount", { body: { books_closed_through: "2025-26" } });
    const res = await s.invoice({
      party_id: party,
      date: "2026-03-31",
      items: [{ sku: "PEN-01", qty: 1, rate: 1 }],
    });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/date", code: "financial_year_closed" }),
    ]);
    expect(
      (await s.invoice({ party_id: party, date: "2026-04-01", items: [{ sku: "PEN-01", qty: 1, rate: 1 }] }))
        .status,
    ).toBe(201);
  });

  it("422 reverse_charge_unregistered for reverse charge to a buyer without GSTIN or abroad", async () => {
    const s = await shop();
    await s.product({});
    const line = [{ sku: "PEN-01", qty: 1, rate: 10 }];
    const consumer = await s.invoice({ party_id: await s.party(meera), reverse_charge: true, items: line });
    expect(consumer.status).toBe(422);
    expect(consumer.body.errors).toEqual([
      expect.objectContaining({ pointer: "/reverse_charge", code: "reverse_charge_unregistered" }),
    ]);
    const registered = await s.party(sharma);
    const exported = await s.invoice({
      party_id: registered,
      place_of_supply: "96",
      reverse_charge: true,
      items: line,
    });
    expect(exported.body.code).toBe("reverse_charge_unregistered");
    expect((await s.invoice({ party_id: registered, reverse_charge: true, items: line })).status).toBe(201);
  });

  it("422 einvoice_party_incomplete for an e-invoiced buyer whose name or city has under 3 characters", async () => {
    const s = await shop();
    await s.product({});
    const line = [{ sku: "PEN-01", qty: 1, rate: 10 }];
    const buyer = (name: string, city: string, gstin: string) =>
      s.party({
        ...sharma,
        name,
        gstin,
        address: { ...sharma.address, city, state_code: gstin.slice(0, 2) },
      });
    const short = await s.invoice({ party_id: await buyer("LG", "Mumbai", GSTINS.maharashtra), items: line });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([
      expect.objectContaining({ pointer: "/party_id", code: "einvoice_party_incomplete" }),
    ]);
    expect(short.body.detail).toContain('name "LG"');
    const town = await s.invoice({ party_id: await buyer("LGE India", "Ka", GSTINS.delhi), items: line });
    expect(town.body.code).toBe("einvoice_party_incomplete");
    // Three characters are enough, and a consumer's invoice has no e-invoice to refuse.
    const three = await buyer("LGE", "Goa", GSTINS.chandigarh);
    expect((await s.invoice({ party_id: three, items: line })).status).toBe(201);
    expect((await s.invoice({ party_id: await s.party({ ...meera, name: "LG" }), items: line })).status).toBe(
      201,
    );
  });

  it("422 einvoice_item_incomplete for an e-invoiced line whose text has under 3 characters", async () => {
    const s = await shop();
    await s.product({ sku: "TV", name: "TV" });
    const registered = await s.party(sharma);
    const short = await s.invoice({ party_id: registered, items: [{ sku: "TV", qty: 1, rate: 10 }] });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([
      expect.objectContaining({ pointer: "/items/0/sku", code: "einvoice_item_incomplete" }),
    ]);
    const described = [{ sku: "TV", qty: 1, rate: 10, description: "LED" }];
    const tooShort = await s.invoice({
      party_id: registered,
      items: [...described, { sku: "TV", qty: 1, rate: 10, description: "43" }],
    });
    expect(tooShort.body.errors).toEqual([
      expect.objectContaining({ pointer: "/items/1/description", code: "einvoice_item_incomplete" }),
    ]);
    // Three characters are enough, and a consumer's invoice has no e-invoice to refuse.
    expect((await s.invoice({ party_id: registered, items: described })).status).toBe(201);
    const consumer = await s.party(meera);
    expect((await s.invoice({ party_id: consumer, items: [{ sku: "TV", qty: 1, rate: 10 }] })).status).toBe(
      201,
    );
  });

  it("writes `\"` and `\\`, which the IRP refuses, as `'` and `/` in the e-invoice, and keeps them on the invoice", async () => {
    const s = await shop();
    await s.product({ name: 'PVC pipe 1/2" \\ 3m' });
    const party = await s.party({
      ...sharma,
      name: 'Sharma "Gold" Traders',
      address: { ...sharma.address, line1: 'Shop 4, "Galaxy" Plaza\\A', city: 'Mumbai "West"' },
    });
    const res = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items[0].description).toBe('PVC pipe 1/2" \\ 3m');
    expect(res.body.party.name).toBe('Sharma "Gold" Traders');
    const einvoice = (await s.call("retrieveInvoiceEinvoice", { path: { id: res.body.id } })).body;
    expect(einvoice.ItemList[0].PrdDesc).toBe("PVC pipe 1/2' / 3m");
    expect(einvoice.BuyerDtls).toMatchObject({
      LglNm: "Sharma 'Gold' Traders",
      Addr1: "Shop 4, 'Galaxy' Plaza/A",
      Loc: "Mumbai 'West'",
    });
  });

  it("422 address_required for a registered buyer without address", async () => {
    const s = await shop();
    const party = await s.party({ type: "customer", name: "No Address Ltd", gstin: GSTINS.delhi });
    await s.product({});
    const res = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 1 }] });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/party_id", code: "address_required" }),
    ]);
  });

  it("items: 1 to 1,000", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({ opening_stock: 2000 });
    expect((await s.invoice({ party_id: party, items: [] })).body.errors).toEqual([
      expect.objectContaining({ pointer: "/items", code: "min_items" }),
    ]);
    const line = { sku: "PEN-01", qty: 1, rate: 1 };
    const most = await s.invoice({ party_id: party, items: Array.from({ length: 1000 }, () => line) });
    expect(most.status).toBe(201);
    expect(most.body.items).toHaveLength(1000);
    expect(most.body.total).toBe(1180);
    const tooMany = await s.invoice({ party_id: party, items: Array.from({ length: 1001 }, () => line) });
    expect(tooMany.body.errors).toEqual([expect.objectContaining({ pointer: "/items", code: "max_items" })]);
  });

  it("400 for malformed lines, each by pointer", async () => {
    const s = await shop();
    const res = await s.invoice({
      party_id: "x",
      items: [{ sku: "PEN-01", qty: 0, rate: -1, discount: 0.001, colour: "red" }],
    });
    expect(res.status).toBe(400);
    const pointers = res.body.errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(["/items/0/qty", "/items/0/rate", "/items/0/discount", "/items/0/colour"]),
    );
  });
});

describe("stock", () => {
  it("is taken in the invoice's transaction and never goes negative", async () => {
    const s = await shop();
    const party = await s.party(meera);
    const pen = await s.product({ opening_stock: 4 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
    const product = await s.call("retrieveProduct", { path: { id: pen } });
    expect(product.body.stock_on_hand).toBe(0);
    const movements = await s.call("listStockMovements", { path: { id: pen }, query: { kind: "invoice" } });
    expect(movements.body.data).toHaveLength(4);
  });

  it("sales of stock already gone are refused without a lock or a number; the sales beside them guess", async () => {
    // Clients that keep trying to sell a product that sold out: each refusal used to take the series
    // lock, which kept every other create of the series waiting, then taking the lock too.
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({ opening_stock: 1_000 });
    await s.product({ sku: "PAD", name: "Pad", opening_stock: 0 });
    const owner = { accountId: s.tenant.accountId, livemode: false };
    const { db } = api.database.handle;
    const { services, underLock } = await servicesCountingSignatures();
    const sell = (sku: string) =>
      createInvoice(db, owner, { party_id: party, items: [{ sku, qty: 1, rate: 10 }] }, new Date(), services);
    expect((await sell("PEN-01")).number).toBe("INV/26-27/000001");
    const before = underLock();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => sell(i % 2 === 0 ? "PAD" : "PEN-01")),
    );
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
    const sold = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value.number] : []));
    expect(refused).toHaveLength(20);
    for (const error of refused) {
      expect(error).toMatchObject({ status: 409, code: "insufficient_stock", extras: { sku: "PAD" } });
      expect(error.extras.errors).toEqual([
        expect.objectContaining({ pointer: "/items/0/qty", code: "insufficient_stock" }),
      ]);
    }
    expect(sold.sort()).toEqual(firstNumbers(21).slice(1));
    expect(underLock()).toBe(before);
  });

  it("409 insufficient_stock, before anything is written, for a sale past the most a product may owe", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    const pen = await s.product({ allow_negative_stock: true, opening_stock: 0, reorder_level: null });
    const line = { sku: "PEN-01", qty: 1, rate: 0.001 };
    // Refused from the product as read, as the statement that moves stock would refuse it.
    const first = await s.invoice({ party_id: party, items: [line] });
    expect(first.body.number).toBe("INV/26-27/000001");
    const huge = Array.from({ length: 101 }, () => ({ ...line, qty: 9999999999.999 }));
    const refused = await s.invoice({ party_id: party, items: huge });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "insufficient_stock", sku: "PEN-01" });
    expect((await s.call("retrieveProduct", { path: { id: pen } })).body.stock_on_hand).toBe(-1);
    expect((await s.call("listProducts")).status).toBe(200);
    expect((await s.call("listInvoices")).body.data).toHaveLength(1);
    const next = await s.invoice({ party_id: party, items: [line] });
    expect(next.body.number).toBe("INV/26-27/000002");
  });
});

describe("reading invoices", () => {
  it("lists with filters and pages; keeps the party as it was when issued", async () => {
    const s = await shop();
    const sharmaId = await s.party(sharma);
    const meeraId = await s.party(meera);
    await s.product({});
    const line = [{ sku: "PEN-01", qty: 1, rate: 10 }];
    const a = await s.invoice({ party_id: sharmaId, date: "2026-10-01", items: line });
    const b = await s.invoice({ party_id: meeraId, date: "2026-11-01", items: line });
    const c = await s.invoice({ party_id: sharmaId, date: "2026-11-15", items: line });
    await s.call("updateParty", { path: { id: sharmaId }, body: { name: "Sharma Electronics LLP" } });
    const ids = (res: CallResult) => res.body.data.map((i: { id: string }) => i.id);
    expect(ids(await s.call("listInvoices", {}))).toEqual([c.body.id, b.body.id, a.body.id]);
    expect(ids(await s.call("listInvoices", { query: { party_id: sharmaId } }))).toEqual([
      c.body.id,
      a.body.id,
    ]);
    expect(
      ids(await s.call("listInvoices", { query: { date_from: "2026-11-01", date_to: "2026-11-14" } })),
    ).toEqual([b.body.id]);
    expect(ids(await s.call("listInvoices", { query: { number: a.body.number } }))).toEqual([a.body.id]);
    expect(ids(await s.call("listInvoices", { query: { status: "cancelled" } }))).toEqual([]);
    const page = await s.call("listInvoices", { query: { limit: 2 } });
    const rest = await s.call("listInvoices", { query: { limit: 2, starting_after: page.body.next_cursor } });
    expect([...ids(page), ...ids(rest)]).toEqual([c.body.id, b.body.id, a.body.id]);
    const kept = await s.call("retrieveInvoice", { path: { id: a.body.id } });
    expect(kept.body).toEqual(a.body);
    expect(kept.body.party.name).toBe("Sharma Electronics");
    expect(
      (await api.call("retrieveInvoice", { key: s.tenant.liveKey, path: { id: a.body.id } })).status,
    ).toBe(404);
  });
});

describe("rates as of the invoice date", () => {
  it("each line takes its product's GST rate on the invoice's date, before and after a change", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    const pen = await s.product({ opening_stock: 100 });
    const changed = await s.call("updateProduct", {
      path: { id: pen },
      body: { gst_rate: 5, rates_effective_from: "2026-11-01" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ gst_rate: 5, rates_effective_from: "2026-11-01" });
    const line = { sku: "PEN-01", qty: 1, rate: 100 };
    const before = await s.invoice({ party_id: party, date: "2026-10-31", items: [line] });
    const from = await s.invoice({ party_id: party, date: "2026-11-01", items: [line] });
    const today = await s.invoice({ party_id: party, items: [line] });
    expect([before, from, today].map((r) => r.body.items[0].gst_rate)).toEqual([18, 5, 5]);
    expect(before.body).toMatchObject({ taxable_value: 100, total: 118 });

    // Changes are recorded in the order they took effect, never after today, and a rate must be in
    // force from its date through today.
    const outOfOrder = await s.call("updateProduct", {
      path: { id: pen },
      body: { gst_rate: 40, rates_effective_from: "2026-10-15" },
    });
    expect(outOfOrder.status).toBe(422);
    expect(outOfOrder.body.errors).toEqual([
      expect.objectContaining({ pointer: "/rates_effective_from", code: "rates_out_of_order" }),
    ]);
    const future = await s.call("updateProduct", {
      path: { id: pen },
      body: { gst_rate: 40, rates_effective_from: "2099-01-01" },
    });
    expect(future.status).toBe(422);
    expect(future.body.code).toBe("date_in_future");
    const other = await s.call("createProduct", { body: { ...fixtures.ProductCreate, sku: "OLD-12" } });
    expect(other.body.rates_effective_from).toBeNull();
    const gone = await s.call("updateProduct", {
      path: { id: other.body.id },
      body: { gst_rate: 12, rates_effective_from: "2025-09-01" },
    });
    expect(gone.status).toBe(422);
    expect(gone.body.code).toBe("rate_not_in_force");
    // Without a change of rates the date has nothing to apply to.
    const unchangedRates = await s.call("updateProduct", {
      path: { id: pen },
      body: { name: "Pen, renamed", rates_effective_from: "2099-01-01" },
    });
    expect(unchangedRates.status).toBe(200);
    expect(unchangedRates.body.rates_effective_from).toBe("2026-11-01");

    // A second change on the same day keeps, for earlier invoices, the rates from before the first.
    expect(
      (
        await s.call("updateProduct", {
          path: { id: pen },
          body: { gst_rate: 40, rates_effective_from: "2026-11-01" },
        })
      ).status,
    ).toBe(200);
    const penNow = await s.call("retrieveProduct", { path: { id: pen } });
    expect(penNow.body).toMatchObject({ gst_rate: 40, rates_effective_from: "2026-11-01" });
    const again = await s.invoice({ party_id: party, date: "2026-10-31", items: [line] });
    expect(again.body.items[0].gst_rate).toBe(18);
    expect((await s.invoice({ party_id: party, items: [line] })).body.items[0].gst_rate).toBe(40);
  });
});

describe("GET /v1/invoices/{id} with the issued part kept by this node (speed/issued-invoices.ts)", () => {
  it("answers as a whole read does, with the state of the moment, and only to its owner", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({ opening_stock: 10 });
    const created = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 2, rate: 10 }] });
    const id = created.body.id as string;
    const owner = { accountId: s.tenant.accountId, livemode: false };
    const reads = api.database.handle.pointReads;
    const whole = async () => JSON.stringify(await readInvoice(reads, owner, id));
    const issued = new IssuedInvoices();
    const first = (await issued.find(reads, owner, id)) as string;
    expect(JSON.parse(first)).toEqual(created.body);
    expect(await issued.find(reads, owner, id)).toBe(first);

    const paid = await s.call("createPayment", {
      body: { party_id: party, mode: "upi", amount: 5, allocations: [{ invoice_id: id, amount: 5 }] },
    });
    expect(paid.status).toBe(201);
    const afterPayment = (await issued.find(reads, owner, id)) as string;
    expect(afterPayment).toBe(await whole());
    expect(JSON.parse(afterPayment)).toMatchObject({
      status: "partially_paid",
      amount_paid: 5,
      balance_due: created.body.total - 5,
    });
    const credited = await s.call("createCreditNote", {
      body: { invoice_id: id, reason: "correction", whole: true },
    });
    expect(credited.status).toBe(201);
    const afterCredit = (await issued.find(reads, owner, id)) as string;
    expect(afterCredit).toBe(await whole());
    expect(JSON.parse(afterCredit)).toMatchObject({ status: "paid", balance_due: 0 });
    expect(JSON.parse(afterCredit)).toEqual((await s.call("retrieveInvoice", { path: { id } })).body);

    expect(await issued.find(reads, { ...owner, livemode: true }, id)).toBeUndefined();
    const other = await shop();
    expect(
      await issued.find(reads, { accountId: other.tenant.accountId, livemode: false }, id),
    ).toBeUndefined();
  });

  it("reads asked for in the same turn share one statement per owner, each with its own answer", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({ opening_stock: 10 });
    const sale = { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] };
    const [a, b] = [(await s.invoice(sale)).body, (await s.invoice(sale)).body];
    const other = await shop();
    const reads = api.database.handle.pointReads;
    const issued = new IssuedInvoices();
    const owner = { accountId: s.tenant.accountId, livemode: false };
    const stranger = { accountId: other.tenant.accountId, livemode: false };
    // Kept first, so that the reads below take the batched path.
    await issued.find(reads, owner, a.id);
    await issued.find(reads, owner, b.id);
    const paid = await s.call("createPayment", {
      body: { party_id: party, mode: "upi", amount: 3, allocations: [{ invoice_id: b.id, amount: 3 }] },
    });
    expect(paid.status).toBe(201);
    const answers = await Promise.all([
      issued.find(reads, owner, a.id),
      issued.find(reads, owner, b.id),
      issued.find(reads, owner, a.id),
      issued.find(reads, stranger, a.id),
      issued.find(reads, { ...owner, livemode: true }, b.id),
    ]);
    const parsed = answers.map((text) => (text === undefined ? undefined : JSON.parse(text)));
    expect(parsed[0]).toEqual(a);
    expect(parsed[1]).toMatchObject({ id: b.id, status: "partially_paid", amount_paid: 3 });
    expect(parsed[2]).toEqual(a);
    expect(answers.slice(3)).toEqual([undefined, undefined]);
  });
});

describe("GET /v1/invoices", () => {
  it("each invoice as GET /v1/invoices/{id} answers it, with the state of the moment", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({ opening_stock: 10 });
    const sale = { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] };
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.unshift((await s.invoice(sale)).body.id);
    const owner = { accountId: s.tenant.accountId, livemode: false };
    const { db } = api.database.handle;
    const filters = { limit: 3 };
    const list = (query: Partial<InvoiceFilters> = {}, who = owner) =>
      listInvoices(db, who, { ...filters, ...query }, new Date());
    const reads = async (listed: string[]) =>
      Promise.all(listed.map(async (id) => (await s.call("retrieveInvoice", { path: { id } })).body));

    const first = await list();
    expect(first).toEqual({
      object: "list",
      data: await reads(ids.slice(0, 3)),
      has_more: true,
      next_cursor: ids[2],
    });
    const rest = await list({ starting_after: first.next_cursor ?? undefined });
    expect(rest).toEqual({
      object: "list",
      data: await reads(ids.slice(3)),
      has_more: false,
      next_cursor: null,
    });

    const [newest, second, third] = ids as [string, string, string];
    expect(
      (
        await s.call("createPayment", {
          body: { party_id: party, mode: "upi", amount: 4, allocations: [{ invoice_id: newest, amount: 4 }] },
        })
      ).status,
    ).toBe(201);
    expect(
      (await s.call("cancelInvoice", { path: { id: second }, body: fixtures.InvoiceCancel })).status,
    ).toBe(200);
    expect(
      (await s.call("createCreditNote", { body: { invoice_id: third, reason: "correction", whole: true } }))
        .status,
    ).toBe(201);
    const changed = await list();
    expect(changed.data.map((i) => i.status)).toEqual(["partially_paid", "cancelled", "paid"]);
    expect(changed.data).toEqual(await reads(ids.slice(0, 3)));
    const overHttp = await s.call("listInvoices", { query: { limit: 3 } });
    expect(overHttp.body).toEqual(changed);

    expect(await list({ status: "cancelled" })).toMatchObject({ data: [{ id: second }], has_more: false });
    const empty = { object: "list", data: [], has_more: false, next_cursor: null };
    expect(await list({ overdue: true, status: "paid" })).toEqual(empty);
    const other = await shop();
    expect(await list({}, { accountId: other.tenant.accountId, livemode: false })).toEqual(empty);
    expect(await list({}, { ...owner, livemode: true })).toEqual(empty);
  });
});

describe.runIf(driverUnderTest === "postgres")("the pool and the lanes", () => {
  it("a create without a key and GET /v1/invoices/{id} need no pool connection (with a lane open); a list waits for one", async () => {
    // A pool of two: one is the only lane, the other is held below.
    const small = await startTestApi({ poolSize: 2 });
    const held: postgres.ReservedSql[] = [];
    try {
      const tenant = await createTenant(small.database.handle.db);
      const call = (operationId: string, options: Parameters<TestApi["call"]>[1] = {}) =>
        small.call(operationId, { key: tenant.testKey, ...options });
      const party = (await call("createParty", { body: fixtures.PartyCreate })).body.id;
      await call("createProduct", { body: { ...fixtures.ProductCreate, opening_stock: 100 } });
      const sale = { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] };
      // The series' first invoice opens its lane; the next has a number to guess.
      expect((await call("createInvoice", { body: sale })).status).toBe(201);
      const { sql: pool } = small.database.handle;
      if (!pool) throw new Error("PostgreSQL has a pool");
      held.push(await pool.reserve());

      let listed = false;
      const list = call("listInvoices", {}).then((res) => {
        listed = true;
        return res;
      });
      const created = await call("createInvoice", { body: sale });
      expect(created.status).toBe(201);
      const read = await call("retrieveInvoice", { path: { id: created.body.id } });
      expect(read.body).toEqual(created.body);
      expect(listed).toBe(false);
      held.pop()?.release();
      expect((await list).body.data.map((i: { id: string }) => i.id)).toContain(created.body.id);
    } finally {
      for (const connection of held) connection.release();
      await small.close();
    }
  });
});

describe("list filters", () => {
  it("400 for a date range that ends before it starts", async () => {
    const s = await shop();
    const res = await s.call("listInvoices", { query: { date_from: "2026-11-02", date_to: "2026-11-01" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/query/date_to", code: "date_range" }),
    ]);
    expect(
      (await s.call("listInvoices", { query: { date_from: "2026-11-01", date_to: "2026-11-01" } })).status,
    ).toBe(200);
  });

  it("overdue: unpaid or part-paid, past a due date, not cancelled; false lists every other", async () => {
    const s = await shop();
    const meeraId = await s.party(meera);
    await s.product({});
    const made = async (due_date?: string, date = "2026-10-01") => {
      const res = await s.invoice({
        party_id: meeraId,
        date,
        ...(due_date ? { due_date } : {}),
        items: [{ sku: "PEN-01", qty: 1, rate: 10 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const pay = async (invoice_id: string, amount: number) => {
      const res = await s.call("createPayment", {
        body: { party_id: meeraId, amount, mode: "cash", allocations: [{ invoice_id, amount }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    const late = await made("2026-10-15");
    const partly = await made("2026-10-15");
    await pay(partly.id, 5);
    const paid = await made("2026-10-15");
    await pay(paid.id, paid.total);
    const cancelled = await made("2026-10-15");
    expect(
      (await s.call("cancelInvoice", { path: { id: cancelled.id }, body: fixtures.InvoiceCancel })).status,
    ).toBe(200);
    const notYet = await made("2099-12-31");
    const noDueDate = await made();
    const september = await made("2026-09-15", "2026-09-01");
    const ids = (res: CallResult) => res.body.data.map((i: { id: string }) => i.id);
    const overdue = (query: Record<string, unknown> = {}) =>
      s.call("listInvoices", { query: { overdue: true, ...query } }).then(ids);
    expect(await overdue()).toEqual([september.id, partly.id, late.id]);
    expect(ids(await s.call("listInvoices", { query: { overdue: false } }))).toEqual([
      noDueDate.id,
      notYet.id,
      cancelled.id,
      paid.id,
    ]);
    expect(await overdue({ status: "partially_paid" })).toEqual([partly.id]);
    expect(await overdue({ status: "paid" })).toEqual([]);
    expect(await overdue({ status: "cancelled" })).toEqual([]);
    expect(await overdue({ date_from: "2026-10-01" })).toEqual([partly.id, late.id]);
    expect(await overdue({ date_to: "2026-09-30" })).toEqual([september.id]);
    // Each unpaid status is read apart; the pages still follow one another by id.
    expect(await overdue({ limit: 2 })).toEqual([september.id, partly.id]);
    expect(await overdue({ limit: 2, starting_after: partly.id })).toEqual([late.id]);
    expect((await s.call("listInvoices", { query: { overdue: "soon" } })).status).toBe(400);
  });
});

describe("idempotent creates", () => {
  it("a retried create gives the same invoice, never a second; another body under the key is refused", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({});
    const body = { party_id: party, items: [{ sku: "PEN-01", qty: 2, rate: 10 }] };
    const first = await s.invoice(body, { "idempotency-key": "order-42" });
    const retry = await s.invoice(body, { "idempotency-key": "order-42" });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    const other = await s.invoice({ ...body, notes: "changed" }, { "idempotency-key": "order-42" });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
    expect((await s.call("listInvoices", {})).body.data).toHaveLength(1);
  });

  it("a retry is replayed although the create would now be refused", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({ opening_stock: 1 });
    const half = { party_id: party, items: [{ sku: "PEN-01", qty: 0.5, rate: 10 }] };
    // The series' first invoice opens it, so that the keyed one is written by the create's statement.
    expect((await s.invoice(half)).status).toBe(201);
    const first = await s.invoice(half, { "idempotency-key": "sold-out" });
    expect(first.status).toBe(201);
    // Nothing is left to sell: the same request without its key is refused.
    expect((await s.invoice(half)).status).toBe(409);
    const retry = await s.invoice(half, { "idempotency-key": "sold-out" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    const other = await s.invoice({ ...half, notes: "changed" }, { "idempotency-key": "sold-out" });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
  });

  it("the key's record keeps the answer's JSON, written beside the create or by its one statement", async () => {
    const s = await shop();
    const party = await s.party(meera);
    await s.product({});
    const sale = { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] };
    // The series' first invoice is numbered under the lock, in the key's transaction; the next is
    // guessed, and its record written by the create's own statement.
    const first = await s.invoice(sale, { "idempotency-key": "kept-1" });
    const next = await s.invoice(sale, { "idempotency-key": "kept-2" });
    const records = await api.database.handle.db
      .select()
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.accountId} = ${s.tenant.accountId}`)
      .orderBy(idempotencyKeys.key);
    expect(records.map((r) => SecretBox.isSealed(r.responseBody))).toEqual([false, false]);
    expect(records.map((r) => JSON.parse(r.responseBody))).toEqual([first.body, next.body]);
  });

  it("concurrent creates under one key make one invoice; the others replay it or are told it runs", async () => {
    const { s, sale } = await penSaleAfterFirstInvoice();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => s.invoice(sale, { "idempotency-key": "order-race" })),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const numbers = (await s.call("listInvoices", {})).body.data.map((i: { number: string }) => i.number);
    expect(numbers).toEqual(["INV/26-27/000002", "INV/26-27/000001"]);
  });

  it("a key past its 24 hours makes a new invoice: its old record fails the one statement, the transaction replaces it", async () => {
    const { s, sale } = await penSaleAfterFirstInvoice();
    const first = await s.invoice(sale, { "idempotency-key": "order-expiring" });
    await api.database.handle.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(sql`${idempotencyKeys.accountId} = ${s.tenant.accountId}`);
    const later = await s.invoice(sale, { "idempotency-key": "order-expiring" });
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(later.body.number).toBe("INV/26-27/000003");
    const replay = await s.invoice(sale, { "idempotency-key": "order-expiring" });
    expect(replay.body.id).toBe(later.body.id);
    expect(replay.body.id).not.toBe(first.body.id);
  });

  it.runIf(driverUnderTest === "postgres")(
    "409 while a request under the key runs; its guessed number is not burned",
    async () => {
      const { s, sale, owner } = await penSaleAfterFirstInvoice();
      const key = "order-in-flight";
      await whileKeyIsHeld(api.database.url as string, owner, key, async () => {
        const res = await s.invoice(sale, { "idempotency-key": key });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe("idempotency_request_in_progress");
      });
      const after = await s.invoice(sale, { "idempotency-key": key });
      expect(after.status).toBe(201);
      expect(after.body.number).toBe("INV/26-27/000002");
    },
  );
});

describe("cancelling", () => {
  it("within 24 hours: status cancelled, number kept, stock back, invoice.cancelled announced", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    const pen = await s.product({ opening_stock: 10 });
    const created = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 3, rate: 10 }] });
    const res = await s.call("cancelInvoice", {
      path: { id: created.body.id },
      body: fixtures.InvoiceCancel,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", number: created.body.number, balance_due: 0 });
    expect(res.body.cancellation).toMatchObject({
      reason: fixtures.InvoiceCancel.reason,
      remark: fixtures.InvoiceCancel.remark,
    });
    expect((await s.call("retrieveInvoice", { path: { id: created.body.id } })).body).toEqual(res.body);
    expect((await s.call("retrieveProduct", { path: { id: pen } })).body.stock_on_hand).toBe(10);
    const again = await s.call("cancelInvoice", {
      path: { id: created.body.id },
      body: fixtures.InvoiceCancel,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("invoice_cancelled");
    const cancelled = await eventsOf(api.database.handle.db, s.tenant.accountId, "invoice.cancelled");
    expect(cancelled.map((e) => e.object.id)).toEqual([created.body.id]);
    const next = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] });
    expect(next.body.number).toBe("INV/26-27/000002");
  });

  it("finds what its invoice took from stock by the invoice, not by reading the account's history", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    const pen = await s.product({ opening_stock: 10 });
    const created = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 3, rate: 10 }] });
    const { db } = api.database.handle;
    const owner = { accountId: s.tenant.accountId, livemode: false };
    // Years of adjustments: the account's movements outnumber any invoice's by thousands.
    await db.execute(sql`insert into stock_movements
      (account_id, livemode, id, product_id, quantity, kind, reason, source_id, stock_after)
      select ${owner.accountId}, false, 'stm_' || lpad(n::text, 26, '0'), ${pen}, 1, 'adjustment',
        'recount', null, 10
      from generate_series(1, 5000) n`);
    await db.execute(sql`analyze stock_movements`);
    const plan = JSON.stringify(
      rowsOf(
        await db.execute(
          sql`explain (format json) ${movementsOfSource(db, owner, created.body.id, "invoice")}`,
        ),
      ),
    );
    expect(plan).toContain("stock_movements_source_idx");
    expect(await movementsOfSource(db, owner, created.body.id, "invoice")).toEqual([
      { productId: pen, quantity: "-3.000" },
    ]);
  });

  it("gives stock back to a product below zero that no longer allows negative stock", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    const pen = await s.product({ allow_negative_stock: true, opening_stock: 0 });
    const created = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 3, rate: 10 }] });
    await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 2, rate: 10 }] });
    await s.call("updateProduct", { path: { id: pen }, body: { allow_negative_stock: false } });
    const res = await s.call("cancelInvoice", {
      path: { id: created.body.id },
      body: fixtures.InvoiceCancel,
    });
    expect(res.status).toBe(200);
    expect((await s.call("retrieveProduct", { path: { id: pen } })).body.stock_on_hand).toBe(-2);
  });

  it("after 24 hours: 409 cancel_window_closed, pointing to a credit note", async () => {
    const s = await shop();
    const party = await s.party(sharma);
    await s.product({});
    const created = await s.invoice({ party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] });
    await api.database.handle.db
      .update(invoices)
      .set({ ackDate: sql`now() - interval '24 hours 1 second'` })
      .where(eq(invoices.id, created.body.id));
    const res = await s.call("cancelInvoice", {
      path: { id: created.body.id },
      body: fixtures.InvoiceCancel,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("cancel_window_closed");
    expect(res.body.detail).toContain("credit note");
  });

  it("400 for a bad reason or a remark over 100 characters; 404 for an unknown invoice", async () => {
    const s = await shop();
    const bad = await s.call("cancelInvoice", {
      path: { id: "inv_x" },
      body: { reason: "5", remark: "r".repeat(101) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(["/reason", "/remark"]);
    const missing = await s.call("cancelInvoice", {
      path: { id: "inv_x" },
      body: { reason: "1", remark: "r".repeat(100) },
    });
    expect(missing.status).toBe(404);
  });
});
