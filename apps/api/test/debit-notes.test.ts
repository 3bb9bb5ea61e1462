import { createHash } from "node:crypto";
import { fixtures } from "@bahi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { eventsOf } from "./support/events.js";
import { penSeller, signedDocument } from "./support/pen-seller.js";
import { GSTINS } from "./support/tenants.js";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The pen seller (Karnataka) with a registered buyer in Maharashtra and an unregistered one at home. */
async function seller() {
  const s = await penSeller(api);
  const sharma = await s.party({
    name: "Sharma Electronics",
    gstin: GSTINS.maharashtra,
    address: { line1: "Shop 14", city: "Mumbai", state_code: "27", pin: "400007" },
  });
  const meera = await s.party({
    name: "Meera Stores",
    address: { line1: "2 Market Road", city: "Mysuru", state_code: "29", pin: "570001" },
  });
  const debit = (body: Record<string, unknown>) => s.call("createDebitNote", { body });
  const invoiceNow = async (id: string) => (await s.call("retrieveInvoice", { path: { id } })).body;
  return { ...s, sharma, meera, debit, invoiceNow };
}

function expectProblem(res: CallResult, status: number, code: string, pointer?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  if (pointer !== undefined) expect(res.body.errors?.[0]).toMatchObject({ code, pointer });
}

const financialYearOf = (date: string) => {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= "04-01" ? year : year - 1;
  return `${start}-${String(start + 1).slice(2)}`;
};

describe("issuing debit notes", () => {
  it("inter-state to a registered buyer: IGST on the added value, its own IRN (DBN), the invoice owes more", async () => {
    const s = await seller();
    const inv = await s.issued(s.sharma, 3);
    expect(inv).toMatchObject({ taxable_value: 300.75, igst: 54.14, total: 355, amount_debited: 0 });
    const note = await s.debit({
      invoice_id: inv.id,
      reason: "price_revision",
      items: [{ sku: "PEN", taxable_value: 50.55 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({
      object: "debit_note",
      livemode: false,
      invoice_id: inv.id,
      party_id: s.sharma,
      reason: "price_revision",
      place_of_supply: "27",
      supply_type: "inter_state",
      reverse_charge: false,
      items: [
        {
          sku: "PEN",
          hsn_code: "96081019",
          unit: "NOS",
          taxable_value: 50.55,
          gst_rate: 18,
          cgst: 0,
          sgst: 0,
          igst: 9.1,
          cess: 0,
          total: 59.65,
        },
      ],
      taxable_value: 50.55,
      igst: 9.1,
      round_off: 0.35,
      total: 60,
    });
    expect(note.body.number).toMatch(/^DN\/\d{2}-\d{2}\/000001$/);
    const irn = createHash("sha256")
      .update(`${GSTINS.karnataka}${financialYearOf(note.body.date)}DBN${note.body.number}`)
      .digest("hex");
    expect(note.body.irn).toBe(irn);
    expect(note.body.ack_no).toMatch(/^[0-9]{15}$/);
    const signed = signedDocument(note.body);
    expect(signed).toMatchObject({
      Irn: irn,
      DocDtls: { Typ: "DBN", No: note.body.number },
      RefDtls: { PrecDocDtls: [{ InvNo: inv.number, InvDt: inv.date.split("-").reverse().join("/") }] },
      TranDtls: { SupTyp: "B2B" },
      ValDtls: { AssVal: 50.55, IgstVal: 9.1, RndOffAmt: 0.35, TotInvVal: 60 },
    });
    expect(await s.invoiceNow(inv.id)).toMatchObject({
      total: 355,
      amount_debited: 60,
      balance_due: 415,
      status: "issued",
    });
    const events = await eventsOf(api.database.handle.db, s.tenant.accountId, "debit_note.created");
    expect(events.map((e) => e.object)).toEqual([note.body]);
    const got = await s.call("retrieveDebitNote", { path: { id: note.body.id } });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(note.body);
    // GET …/einvoice answers the INV-01 as it was sent: what the IRP signed, without what it added.
    const sent = await s.call("retrieveDebitNoteEinvoice", { path: { id: note.body.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { Irn: _irn, AckNo: _ackNo, AckDt: _ackDt, ...registered } = signed;
    expect(sent.body).toEqual(registered);
  });

  it("intra-state to an unregistered buyer: CGST + SGST, no IRN; reverse charge leaves the tax out of the total", async () => {
    const s = await seller();
    const inv = await s.issued(s.meera, 1);
    const note = await s.debit({
      invoice_id: inv.id,
      reason: "additional_charges",
      items: [
        { sku: "PEN", taxable_value: 50.55 },
        { sku: "PEN", taxable_value: 0.01 },
      ],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({
      supply_type: "intra_state",
      sgst_label: "SGST",
      items: [
        { taxable_value: 50.55, cgst: 4.55, sgst: 4.55, igst: 0, total: 59.65 },
        { taxable_value: 0.01, cgst: 0, sgst: 0, igst: 0, total: 0.01 },
      ],
      taxable_value: 50.56,
      cgst: 4.55,
      sgst: 4.55,
      total: 60,
      irn: null,
      signed_qr_code: null,
    });
    expectProblem(
      await s.call("retrieveDebitNoteEinvoice", { path: { id: note.body.id } }),
      404,
      "einvoice_not_applicable",
    );
    const charged = await s.issued(s.sharma, 1, { reverse_charge: true });
    const reverse = await s.debit({
      invoice_id: charged.id,
      reason: "undercharge",
      items: [{ sku: "PEN", taxable_value: 100.4 }],
    });
    expect(reverse.status, JSON.stringify(reverse.body)).toBe(201);
    // The invoice's 100.25 rounded to 100; with the note's 100.40, 200.65 rounds to 201.
    expect(reverse.body).toMatchObject({ reverse_charge: true, igst: 18.07, total: 101, round_off: 0.6 });
    expect(signedDocument(reverse.body)).toMatchObject({ TranDtls: { RegRev: "Y" } });
  });

  it("a paid invoice owes the debit again; payments settle it up to the new balance", async () => {
    const s = await seller();
    const inv = await s.issued(s.sharma, 3);
    const pay = (amount: number) =>
      s.call("createPayment", {
        body: { party_id: s.sharma, amount, mode: "upi", allocations: [{ invoice_id: inv.id, amount }] },
      });
    expect((await pay(355)).status).toBe(201);
    expect(await s.invoiceNow(inv.id)).toMatchObject({ status: "paid", balance_due: 0 });
    await s.debit({
      invoice_id: inv.id,
      reason: "price_revision",
      items: [{ sku: "PEN", taxable_value: 50.55 }],
    });
    expect(await s.invoiceNow(inv.id)).toMatchObject({
      status: "partially_paid",
      amount_paid: 355,
      amount_debited: 60,
      balance_due: 60,
    });
    expectProblem(await pay(61), 422, "allocation_exceeds_balance");
    expect((await pay(60)).status).toBe(201);
    expect(await s.invoiceNow(inv.id)).toMatchObject({ status: "paid", balance_due: 0 });
  });

  it("credit notes can credit what a debit note added, and not a paisa more", async () => {
    const s = await seller();
    const inv = await s.issued(s.sharma, 3);
    await s.debit({
      invoice_id: inv.id,
      reason: "price_revision",
      items: [{ sku: "PEN", taxable_value: 50 }],
    });
    const byValue = await s.call("createCreditNote", {
      body: { invoice_id: inv.id, reason: "correction", items: [{ sku: "PEN", taxable_value: 350.76 }] },
    });
    expectProblem(byValue, 422, "credit_exceeds_creditable", "/items/0/taxable_value");
    const whole = await s.call("createCreditNote", {
      body: { invoice_id: inv.id, reason: "correction", whole: true },
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(whole.body).toMatchObject({
      taxable_value: 350.75,
      igst: 63.14,
      total: 414,
      credited_to_party: 414,
    });
    expect(await s.invoiceNow(inv.id)).toMatchObject({
      amount_debited: 59,
      amount_credited: 414,
      balance_due: 0,
      status: "paid",
    });
  });

  it("a note is found as its own kind only, read before or not: a credit note's id is no debit note", async () => {
    const s = await seller();
    const inv = await s.issued(s.sharma, 3);
    const debit = await s.debit({
      invoice_id: inv.id,
      reason: "price_revision",
      items: [{ sku: "PEN", taxable_value: 50 }],
    });
    const credit = await s.call("createCreditNote", {
      body: { invoice_id: inv.id, reason: "correction", items: [{ sku: "PEN", qty: 1 }] },
    });
    for (const [own, other, id] of [
      ["retrieveDebitNote", "retrieveCreditNote", debit.body.id],
      ["retrieveCreditNote", "retrieveDebitNote", credit.body.id],
    ] as const) {
      // Twice: the first read of each note leaves it in the node's cache.
      for (const _ of [1, 2]) {
        expect((await s.call(own, { path: { id } })).status).toBe(200);
        expectProblem(await s.call(other, { path: { id } }), 404, "not_found");
      }
    }
  });

  it("an invoice and its debit notes round together: a credit of everything leaves nothing to pay", async () => {
    const s = await seller();
    // 84.32 + IGST 15.18 = 99.50: the invoice rounds up to 100, and the note's 99.50 takes 199 to 199.
    const inv = await s.issued(s.sharma, 1, { items: [{ sku: "PEN", qty: 1, rate: 84.32 }] });
    expect(inv).toMatchObject({ total: 100, round_off: 0.5 });
    const note = await s.debit({
      invoice_id: inv.id,
      reason: "price_revision",
      items: [{ sku: "PEN", taxable_value: 84.32 }],
    });
    expect(note.body).toMatchObject({ igst: 15.18, total: 99, round_off: -0.5 });
    expect(await s.invoiceNow(inv.id)).toMatchObject({ amount_debited: 99, balance_due: 199 });
    const whole = await s.call("createCreditNote", {
      body: { invoice_id: inv.id, reason: "correction", whole: true },
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(whole.body).toMatchObject({ taxable_value: 168.64, igst: 30.36, total: 199 });
    expect(await s.invoiceNow(inv.id)).toMatchObject({ balance_due: 0, status: "paid" });
  });

  it("numbers: its own consecutive series, which a refused note does not use up", async () => {
    const s = await seller();
    const inv = await s.issued(s.meera, 1);
    const body = { invoice_id: inv.id, reason: "other", items: [{ sku: "PEN", taxable_value: 1 }] };
    const one = await s.debit(body);
    expectProblem(
      await s.debit({ ...body, items: [{ sku: "PAD", taxable_value: 1 }] }),
      422,
      "unknown_sku",
      "/items/0/sku",
    );
    const two = await s.debit(body);
    const seq = (n: string) => Number(n.split("/").at(-1));
    expect([seq(one.body.number), seq(two.body.number)]).toEqual([1, 2]);
    expect(
      (await s.call("updateAccount", { body: { debit_note_number_format: "DBN/{SEQ:3}" } })).status,
    ).toBe(200);
    expect((await s.debit(body)).body.number).toBe("DBN/003");
  });
});

describe("refusals", () => {
  it("404, 400, 422 and 409 cases", async () => {
    const s = await seller();
    expectProblem(
      await s.call("retrieveDebitNote", { path: { id: "dbn_01jd5c7d8e9f0g1h2j3k4m5n6p" } }),
      404,
      "not_found",
    );
    expectProblem(
      await s.call("retrieveDebitNoteEinvoice", { path: { id: "dbn_01jd5c7d8e9f0g1h2j3k4m5n6p" } }),
      404,
      "not_found",
    );
    const inv = await s.issued(s.meera, 1, { date: "2026-04-10" });
    const item = { sku: "PEN", taxable_value: 10 };
    for (const bad of [
      { invoice_id: inv.id, reason: "other" },
      { invoice_id: inv.id, reason: "other", items: [] },
      { invoice_id: inv.id, reason: "other", items: [{ sku: "PEN", taxable_value: 0 }] },
      { invoice_id: inv.id, reason: "other", items: [{ sku: "PEN", qty: 1 }] },
      { invoice_id: inv.id, reason: "sales_return", items: [item] },
    ]) {
      expect((await s.debit(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expectProblem(
      await s.debit({ invoice_id: "inv_01jd4r5t6v7w8x9y0z1a2b3c4d", reason: "other", items: [item] }),
      422,
      "unknown_invoice",
      "/invoice_id",
    );
    expectProblem(
      await s.debit({ invoice_id: inv.id, reason: "other", items: [item], date: "2026-04-09" }),
      422,
      "date_before_invoice",
      "/date",
    );
    expectProblem(
      await s.debit({ invoice_id: inv.id, reason: "other", items: [item], date: "2099-01-01" }),
      422,
      "date_in_future",
      "/date",
    );
    // A debit note has no deadline: an invoice two years old can still be debited today.
    const old = await s.issued(s.meera, 1, { date: "2024-05-01" });
    expect((await s.debit({ invoice_id: old.id, reason: "other", items: [item] })).status).toBe(201);
    expect((await s.call("updateAccount", { body: { books_closed_through: "2024-25" } })).status).toBe(200);
    expectProblem(
      await s.debit({ invoice_id: old.id, reason: "other", items: [item], date: "2025-03-31" }),
      422,
      "financial_year_closed",
      "/date",
    );
    const gone = await s.issued(s.meera, 1);
    expect(
      (await s.call("cancelInvoice", { path: { id: gone.id }, body: fixtures.InvoiceCancel })).status,
    ).toBe(200);
    expectProblem(
      await s.debit({ invoice_id: gone.id, reason: "other", items: [item] }),
      409,
      "invoice_cancelled",
    );
    const debited = await s.issued(s.meera, 1);
    expect((await s.debit({ invoice_id: debited.id, reason: "other", items: [item] })).status).toBe(201);
    expectProblem(
      await s.call("cancelInvoice", { path: { id: debited.id }, body: fixtures.InvoiceCancel }),
      409,
      "invoice_has_debit_notes",
    );
  });
});

describe("limits", () => {
  it("items: 1 to 1,000 (MAX_INVOICE_ITEMS)", async () => {
    const s = await seller();
    const inv = await s.issued(s.meera, 1);
    const lines = (n: number) => Array.from({ length: n }, () => ({ sku: "PEN", taxable_value: 0.01 }));
    const most = await s.debit({ invoice_id: inv.id, reason: "other", items: lines(1000) });
    expect(most.status, JSON.stringify(most.body).slice(0, 300)).toBe(201);
    expect(most.body.items).toHaveLength(1000);
    expect(most.body).toMatchObject({ taxable_value: 10, cgst: 0, sgst: 0, total: 10 });
    const tooMany = await s.debit({ invoice_id: inv.id, reason: "other", items: lines(1001) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]).toMatchObject({ pointer: "/items" });
  });
});

describe("an invoice's debit notes, together", () => {
  it("bill at most 99,999,999,999.99 with the invoice: past it, 422 amount_out_of_range at /items", async () => {
    const s = await seller();
    const inv = await s.issued(s.meera, 1);
    const debit = (taxable_value: number) =>
      s.debit({ invoice_id: inv.id, reason: "price_revision", items: [{ sku: "PEN", taxable_value }] });
    expect((await debit(80_000_000_000)).status).toBe(201);
    expect((await debit(4_000_000_000)).status).toBe(201);
    expectProblem(await debit(1_000_000_000), 422, "amount_out_of_range", "/items");
    expect(await s.invoiceNow(inv.id)).toMatchObject({
      amount_debited: 99_120_000_000,
      balance_due: 99_120_000_118,
    });
  });
});

describe("reading debit notes", () => {
  it("lists with filters, newest first, in keyset pages", async () => {
    const s = await seller();
    const a = await s.issued(s.meera, 1);
    const b = await s.issued(s.sharma, 1);
    const note = async (invoice_id: string) =>
      (await s.debit({ invoice_id, reason: "other", items: [{ sku: "PEN", taxable_value: 5 }] })).body;
    const n1 = await note(a.id);
    const n2 = await note(b.id);
    const n3 = await note(a.id);
    const page1 = await s.call("listDebitNotes", { query: { limit: 2 } });
    expect(page1.body.data).toEqual([n3, n2]);
    // Read again from this node's cached text, and only by its owner's mode.
    expect((await s.call("retrieveDebitNote", { path: { id: n2.id } })).body).toEqual(n2);
    expect((await s.call("retrieveDebitNote", { path: { id: n2.id } })).body).toEqual(n2);
    expect((await api.call("retrieveDebitNote", { key: s.tenant.liveKey, path: { id: n2.id } })).status).toBe(
      404,
    );
    expect(page1.body).toMatchObject({ has_more: true, next_cursor: n2.id });
    const page2 = await s.call("listDebitNotes", { query: { limit: 2, starting_after: n2.id } });
    expect(page2.body.data).toEqual([n1]);
    expect(page2.body).toMatchObject({ has_more: false, next_cursor: null });
    const ofA = await s.call("listDebitNotes", { query: { invoice_id: a.id } });
    expect(ofA.body.data.map((n: any) => n.id)).toEqual([n3.id, n1.id]);
    const ofSharma = await s.call("listDebitNotes", { query: { party_id: s.sharma } });
    expect(ofSharma.body.data.map((n: any) => n.id)).toEqual([n2.id]);
    const none = await s.call("listDebitNotes", {
      query: { date_from: "2020-01-01", date_to: "2020-12-31" },
    });
    expect(none.body.data).toEqual([]);
    const bad = await s.call("listDebitNotes", { query: { date_from: "2026-02-01", date_to: "2026-01-01" } });
    expect(bad.status).toBe(400);
  });
});
