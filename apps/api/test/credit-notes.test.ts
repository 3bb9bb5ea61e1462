import { createHash } from "node:crypto";
import { fixtures } from "@bahi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { eventsOf } from "./support/events.js";
import { signedDocument } from "./support/pen-seller.js";
import { createTenant, GSTINS, type Tenant } from "./support/tenants.js";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface Shop {
  tenant: Tenant;
  call: (operationId: string, options?: Parameters<TestApi["call"]>[1]) => Promise<CallResult>;
  party: (body?: unknown) => Promise<string>;
  /** An invoice of 354.00 (3 pens at 99.99 with 18% GST, intra-state) to `party`. */
  invoice: (party: string, body?: Record<string, unknown>) => Promise<Record<string, any>>;
  credit: (body: Record<string, unknown>) => Promise<CallResult>;
  invoiceNow: (id: string) => Promise<Record<string, any>>;
  stock: () => Promise<number>;
  productId: string;
}

const meera = fixtures.PartyCreateUnregistered;
const sharma = fixtures.PartyCreate;

async function shop(
  product: Record<string, unknown> = { ...fixtures.ProductCreate, opening_stock: 100 },
): Promise<Shop> {
  const tenant = await createTenant(api.database.handle.db, { gstin: GSTINS.karnataka });
  const call: Shop["call"] = (operationId, options = {}) =>
    api.call(operationId, { key: tenant.testKey, ...options });
  const created = await call("createProduct", { body: product });
  expect(created.status).toBe(201);
  const productId = created.body.id;
  return {
    tenant,
    call,
    party: async (body = meera) => {
      const res = await call("createParty", { body });
      expect(res.status).toBe(201);
      return res.body.id;
    },
    invoice: async (party, body = {}) => {
      const res = await call("createInvoice", {
        body: { party_id: party, items: [{ sku: "PEN-01", qty: 3, rate: 99.99 }], ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    },
    credit: (body) => call("createCreditNote", { body }),
    invoiceNow: async (id) => (await call("retrieveInvoice", { path: { id } })).body,
    stock: async () => (await call("retrieveProduct", { path: { id: productId } })).body.stock_on_hand,
    productId,
  };
}

function expectProblem(res: CallResult, status: number, code: string, pointer?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  if (pointer !== undefined) expect(res.body.errors?.[0]).toMatchObject({ code, pointer });
}

describe("issuing credit notes", () => {
  it("partial by qty, then the whole rest: exact tax per line, the last note takes exactly what is left", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party());
    expect(inv).toMatchObject({ total: 354, cgst: 27, sgst: 27, taxable_value: 299.97 });
    const first = await s.credit({
      invoice_id: inv.id,
      reason: "sales_return",
      items: [{ sku: "PEN-01", qty: 1 }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      object: "credit_note",
      livemode: false,
      invoice_id: inv.id,
      party_id: inv.party_id,
      reason: "sales_return",
      restock: true,
      place_of_supply: "29",
      supply_type: "intra_state",
      reverse_charge: false,
      sgst_label: "SGST",
      taxable_value: 99.99,
      cgst: 9,
      sgst: 9,
      igst: 0,
      cess: 0,
      round_off: 0.01,
      total: 118,
      credited_to_party: 118,
      refund_due: 0,
      irn: null,
      ack_no: null,
    });
    expect(first.body.id).toMatch(/^crn_/);
    expect(first.body.items).toEqual([
      expect.objectContaining({
        sku: "PEN-01",
        qty: 1,
        rate: 99.99,
        discount: 0,
        taxable_value: 99.99,
        total: 117.99,
      }),
    ]);
    expect(await s.invoiceNow(inv.id)).toMatchObject({
      amount_credited: 118,
      balance_due: 236,
      status: "partially_paid",
    });
    const rest = await s.credit({ invoice_id: inv.id, reason: "correction", whole: true });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body).toMatchObject({
      taxable_value: 199.98,
      cgst: 18,
      sgst: 18,
      total: 236,
      restock: false,
    });
    expect(rest.body.items[0]).toMatchObject({ qty: 2 });
    expect(await s.invoiceNow(inv.id)).toMatchObject({
      amount_credited: 354,
      balance_due: 0,
      status: "paid",
    });
    const nothing = await s.credit({ invoice_id: inv.id, reason: "other", whole: true });
    expectProblem(nothing, 422, "credit_exceeds_creditable", "/whole");
    const types = (await eventsOf(api.database.handle.db, s.tenant.accountId)).map((e) => e.type);
    expect(types.filter((t) => t === "credit_note.created")).toHaveLength(2);
    expect(types).toContain("invoice.partially_paid");
    expect(types.at(-1)).toBe("invoice.paid");
  });

  it("a whole note of a fresh invoice mirrors it exactly", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party());
    const note = await s.credit({ invoice_id: inv.id, reason: "sales_return", whole: true });
    expect(note.status).toBe(201);
    for (const key of ["taxable_value", "cgst", "sgst", "igst", "cess", "round_off", "total"] as const)
      expect(note.body[key]).toBe(inv[key]);
    expect(await s.stock()).toBe(100);
  });

  it("by value: tax at the line's rate; qty and rate null; no stock moves", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party());
    const note = await s.credit({
      invoice_id: inv.id,
      reason: "post_sale_discount",
      items: [{ sku: "PEN-01", taxable_value: 50 }],
    });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ taxable_value: 50, cgst: 4.5, sgst: 4.5, total: 59 });
    expect(note.body.items[0]).toMatchObject({ qty: null, rate: null, discount: 0 });
    expect(await s.stock()).toBe(97);
    // What is left of the line's value is 249.97: a return of all 3 pens credits that, not 299.97.
    const back = await s.credit({
      invoice_id: inv.id,
      reason: "sales_return",
      items: [{ sku: "PEN-01", qty: 3 }],
    });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ taxable_value: 249.97, cgst: 22.5, sgst: 22.5, total: 295 });
    expect(await s.stock()).toBe(100);
    expect(await s.invoiceNow(inv.id)).toMatchObject({
      amount_credited: 354,
      balance_due: 0,
      status: "paid",
    });
  });

  it("restock: sales_return puts goods back unless told not to; other reasons only when told", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party());
    expect(await s.stock()).toBe(97);
    await s.credit({ invoice_id: inv.id, reason: "sales_return", items: [{ sku: "PEN-01", qty: 1 }] });
    expect(await s.stock()).toBe(98);
    const kept = await s.credit({
      invoice_id: inv.id,
      reason: "sales_return",
      restock: false,
      items: [{ sku: "PEN-01", qty: 1 }],
    });
    expect(kept.body.restock).toBe(false);
    expect(await s.stock()).toBe(98);
    await s.credit({
      invoice_id: inv.id,
      reason: "correction",
      restock: true,
      items: [{ sku: "PEN-01", qty: 1 }],
    });
    expect(await s.stock()).toBe(99);
  });

  it("on a paid invoice the note is all refund due; on a part-paid one it settles the balance first", async () => {
    const s = await shop();
    const party = await s.party();
    const paid = await s.invoice(party);
    const part = await s.invoice(party);
    const pay = await s.call("createPayment", {
      body: {
        party_id: party,
        mode: "upi",
        amount: 654,
        allocations: [
          { invoice_id: paid.id, amount: 354 },
          { invoice_id: part.id, amount: 300 },
        ],
      },
    });
    expect(pay.status).toBe(201);
    const a = await s.credit({
      invoice_id: paid.id,
      reason: "sales_return",
      items: [{ sku: "PEN-01", qty: 1 }],
    });
    expect(a.body).toMatchObject({ total: 118, credited_to_party: 0, refund_due: 118 });
    expect(await s.invoiceNow(paid.id)).toMatchObject({ status: "paid", amount_credited: 0, balance_due: 0 });
    const b = await s.credit({
      invoice_id: part.id,
      reason: "sales_return",
      items: [{ sku: "PEN-01", qty: 1 }],
    });
    expect(b.body).toMatchObject({ total: 118, credited_to_party: 54, refund_due: 64 });
    expect(await s.invoiceNow(part.id)).toMatchObject({
      status: "paid",
      amount_credited: 54,
      balance_due: 0,
    });
  });

  it("numbers: its own consecutive series", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party());
    const one = await s.credit({ invoice_id: inv.id, reason: "other", items: [{ sku: "PEN-01", qty: 1 }] });
    const failed = await s.credit({
      invoice_id: inv.id,
      reason: "other",
      items: [{ sku: "PEN-01", qty: 5 }],
    });
    expect(failed.status).toBe(422);
    const two = await s.credit({ invoice_id: inv.id, reason: "other", items: [{ sku: "PEN-01", qty: 1 }] });
    const seq = (n: string) => Number(n.split("/").at(-1));
    expect(one.body.number).toMatch(/^CN\//);
    expect(seq(two.body.number)).toBe(seq(one.body.number) + 1);
    expect(inv.number).not.toBe(one.body.number);
  });

  it("an e-invoiced invoice's note gets its own IRN with document type CRN, and IGST as the invoice", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party(sharma));
    expect(inv.irn).toMatch(/^[0-9a-f]{64}$/);
    const note = await s.credit({
      invoice_id: inv.id,
      reason: "sales_return",
      items: [{ sku: "PEN-01", qty: 1 }],
    });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ supply_type: "inter_state", igst: 18, cgst: 0, total: 118 });
    const fy = note.body.date.slice(0, 4);
    const year =
      note.body.date.slice(5) >= "04-01"
        ? `${fy}-${String(Number(fy) + 1).slice(2)}`
        : `${Number(fy) - 1}-${fy.slice(2)}`;
    const expected = createHash("sha256")
      .update(`${GSTINS.karnataka}${year}CRN${note.body.number.toUpperCase()}`)
      .digest("hex");
    expect(note.body.irn).toBe(expected);
    expect(note.body.ack_no).toMatch(/^[0-9]{15}$/);
    expect(note.body.signed_qr_code).toEqual(expect.any(String));
    // GET …/einvoice answers the INV-01 as it was sent: what the IRP signed, without what it added.
    const sent = await s.call("retrieveCreditNoteEinvoice", { path: { id: note.body.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { Irn: _irn, AckNo: _ackNo, AckDt: _ackDt, ...registered } = signedDocument(note.body);
    expect(sent.body).toEqual(registered);
    expect(sent.body.DocDtls).toMatchObject({ Typ: "CRN", No: note.body.number });
    expect(sent.body.RefDtls).toEqual({
      PrecDocDtls: [{ InvNo: inv.number, InvDt: inv.date.split("-").reverse().join("/") }],
    });
  });

  it("GET …/einvoice: 404 einvoice_not_applicable for a note of an invoice without an IRN, not_found for no note", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party());
    const note = await s.credit({ invoice_id: inv.id, reason: "other", items: [{ sku: "PEN-01", qty: 1 }] });
    expectProblem(
      await s.call("retrieveCreditNoteEinvoice", { path: { id: note.body.id } }),
      404,
      "einvoice_not_applicable",
    );
    expectProblem(
      await s.call("retrieveCreditNoteEinvoice", { path: { id: "crn_01jd5a3b4c5d6e7f8g9h0j1k2m" } }),
      404,
      "not_found",
    );
  });
});

describe("rounding", () => {
  it("value notes never reverse more tax than the invoice charged: each is capped at what is left", async () => {
    const s = await shop();
    // Taxable 201.05 at 18% intra-state: CGST = SGST = 18.0945 -> 18.09.
    const inv = await s.invoice(await s.party(), { items: [{ sku: "PEN-01", qty: 1, rate: 201.05 }] });
    expect(inv).toMatchObject({ cgst: 18.09, sgst: 18.09, total: 237 });
    const off = (taxable_value: number) =>
      s.credit({
        invoice_id: inv.id,
        reason: "post_sale_discount",
        items: [{ sku: "PEN-01", taxable_value }],
      });
    const notes = [(await off(100.5)).body, (await off(100.5)).body, (await off(0.05)).body];
    // 100.50 x 9% = 9.045 -> 9.05 twice would be 18.10: the second note gets the 9.04 left.
    expect(notes.map((n) => [n.cgst, n.sgst])).toEqual([
      [9.05, 9.05],
      [9.04, 9.04],
      [0, 0],
    ]);
    expect(notes.map((n) => n.total)).toEqual([119, 118, 0]);
    expect(await s.invoiceNow(inv.id)).toMatchObject({ amount_credited: 237, balance_due: 0 });
  });

  it("units returned one note at a time: each round_off under a rupee, the notes add up to the invoice", async () => {
    const s = await shop();
    // 4 pens at 100.42: taxable 401.68, CGST = SGST = 36.15, 473.98 -> 474.
    const inv = await s.invoice(await s.party(), { items: [{ sku: "PEN-01", qty: 4, rate: 100.42 }] });
    expect(inv).toMatchObject({ taxable_value: 401.68, cgst: 36.15, sgst: 36.15, total: 474 });
    const notes = [];
    for (let i = 0; i < 4; i++) {
      const res = await s.credit({
        invoice_id: inv.id,
        reason: "sales_return",
        items: [{ sku: "PEN-01", qty: 1 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      notes.push(res.body);
    }
    // 118.50, 118.50, 118.50 and, with the tax left, 118.48: each note rounds what all have credited.
    expect(notes.map((n) => n.cgst)).toEqual([9.04, 9.04, 9.04, 9.03]);
    expect(notes.map((n) => n.total)).toEqual([119, 118, 119, 118]);
    expect(notes.map((n) => n.round_off)).toEqual([0.5, -0.5, 0.5, -0.48]);
    expect(await s.invoiceNow(inv.id)).toMatchObject({
      amount_credited: 474,
      balance_due: 0,
      status: "paid",
    });
  });
});

describe("the e-invoice of a credit note", () => {
  it("totals what the note totals, its rounding with the notes before it included", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party(sharma), {
      items: [{ sku: "PEN-01", qty: 4, rate: 100.42 }],
    });
    const signed = [];
    for (let i = 0; i < 4; i++) {
      const note = await s.credit({
        invoice_id: inv.id,
        reason: "correction",
        items: [{ sku: "PEN-01", qty: 1 }],
      });
      expect(note.status, JSON.stringify(note.body)).toBe(201);
      const payload = JSON.parse(Buffer.from(note.body.signed_invoice.split(".")[1], "base64url").toString());
      const document = JSON.parse(payload.data);
      signed.push([
        note.body.total,
        note.body.round_off,
        document.ValDtls.TotInvVal,
        document.ValDtls.RndOffAmt,
      ]);
    }
    expect(signed.map(([total, roundOff]) => [total, roundOff])).toEqual(
      signed.map(([, , totInvVal, rndOffAmt]) => [totInvVal, rndOffAmt]),
    );
    expect(new Set(signed.map(([total]) => total)).size).toBe(2);
  });
});

describe("restocking", () => {
  it("puts back only what the sale took from stock, whatever track_stock says now", async () => {
    const s = await shop({
      ...fixtures.ProductCreate,
      track_stock: false,
      reorder_level: null,
      opening_stock: 0,
    });
    const inv = await s.invoice(await s.party(), { items: [{ sku: "PEN-01", qty: 2, rate: 10 }] });
    const patched = await s.call("updateProduct", { path: { id: s.productId }, body: { track_stock: true } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const note = await s.credit({
      invoice_id: inv.id,
      reason: "sales_return",
      items: [{ sku: "PEN-01", qty: 2 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.restock).toBe(false);
    expect(await s.stock()).toBe(0);
  });

  it("restock says whether units went back: not for a note by value", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party());
    const note = await s.credit({
      invoice_id: inv.id,
      reason: "sales_return",
      items: [{ sku: "PEN-01", taxable_value: 50 }],
    });
    expect(note.status).toBe(201);
    expect(note.body.restock).toBe(false);
    expect(await s.stock()).toBe(97);
  });

  it("free units (rate 0) can be returned and go back into stock, by qty or with the whole invoice", async () => {
    const s = await shop();
    const party = await s.party();
    const items = [
      { sku: "PEN-01", qty: 1, rate: 0 },
      { sku: "PEN-01", qty: 1, rate: 10 },
    ];
    const one = await s.invoice(party, { items });
    const back = await s.credit({
      invoice_id: one.id,
      reason: "sales_return",
      items: [{ sku: "PEN-01", qty: 2 }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body).toMatchObject({ taxable_value: 10, total: 12, restock: true });
    expect(back.body.items.map((i: any) => [i.qty, i.taxable_value])).toEqual([
      [1, 0],
      [1, 10],
    ]);
    expect(await s.stock()).toBe(100);
    const two = await s.invoice(party, { items });
    const whole = await s.credit({ invoice_id: two.id, reason: "sales_return", whole: true });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(whole.body).toMatchObject({ total: 12, restock: true });
    expect(await s.stock()).toBe(100);
  });
});

describe("limits", () => {
  it("never more than is left, per line and in total", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party());
    expectProblem(
      await s.credit({ invoice_id: inv.id, reason: "other", items: [{ sku: "PEN-01", qty: 4 }] }),
      422,
      "credit_exceeds_creditable",
      "/items/0/qty",
    );
    expectProblem(
      await s.credit({ invoice_id: inv.id, reason: "other", items: [{ sku: "PEN-01", taxable_value: 300 }] }),
      422,
      "credit_exceeds_creditable",
      "/items/0/taxable_value",
    );
    expect(
      (await s.credit({ invoice_id: inv.id, reason: "other", items: [{ sku: "PEN-01", qty: 2 }] })).status,
    ).toBe(201);
    expectProblem(
      await s.credit({
        invoice_id: inv.id,
        reason: "other",
        items: [
          { sku: "PEN-01", qty: 1 },
          { sku: "PEN-01", qty: 1 },
        ],
      }),
      422,
      "credit_exceeds_creditable",
      "/items/1/qty",
    );
    expectProblem(
      await s.credit({ invoice_id: inv.id, reason: "other", items: [{ sku: "PAD-01", qty: 1 }] }),
      422,
      "unknown_sku",
      "/items/0/sku",
    );
  });

  it("two notes racing for the same units: one wins, the other is refused", async () => {
    const s = await shop();
    const inv = await s.invoice(await s.party());
    const body = { invoice_id: inv.id, reason: "sales_return", items: [{ sku: "PEN-01", qty: 2 }] };
    const results = await Promise.all([s.credit(body), s.credit(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await s.invoiceNow(inv.id)).toMatchObject({ amount_credited: 236, balance_due: 118 });
    expect(await s.stock()).toBe(99);
  });

  it("404, 422 and 409 cases", async () => {
    const s = await shop();
    const party = await s.party();
    expectProblem(
      await s.call("retrieveCreditNote", { path: { id: "crn_01jd5a3b4c5d6e7f8g9h0j1k2m" } }),
      404,
      "not_found",
    );
    expectProblem(
      await s.credit({ invoice_id: "inv_01jd4r5t6v7w8x9y0z1a2b3c4d", reason: "other", whole: true }),
      422,
      "unknown_invoice",
      "/invoice_id",
    );
    const other = await shop();
    const theirs = await other.invoice(await other.party());
    expectProblem(
      await s.credit({ invoice_id: theirs.id, reason: "other", whole: true }),
      422,
      "unknown_invoice",
    );
    const old = await s.invoice(party, { date: "2024-05-01" });
    expectProblem(
      await s.credit({ invoice_id: old.id, reason: "other", whole: true }),
      422,
      "credit_note_too_late",
      "/date",
    );
    const dated = await s.invoice(party, { date: "2026-04-10" });
    expectProblem(
      await s.credit({ invoice_id: dated.id, reason: "other", whole: true, date: "2026-04-09" }),
      422,
      "date_before_invoice",
      "/date",
    );
    expectProblem(
      await s.credit({ invoice_id: dated.id, reason: "other", whole: true, date: "2099-01-01" }),
      422,
      "date_in_future",
      "/date",
    );
    expect(
      (await s.credit({ invoice_id: dated.id, reason: "other", whole: true, date: "2026-04-10" })).status,
    ).toBe(201);
    const gone = await s.invoice(party);
    expect(
      (await s.call("cancelInvoice", { path: { id: gone.id }, body: fixtures.InvoiceCancel })).status,
    ).toBe(200);
    expectProblem(
      await s.credit({ invoice_id: gone.id, reason: "other", whole: true }),
      409,
      "invoice_cancelled",
    );
    const res = await s.credit({ invoice_id: gone.id, reason: "other" });
    expect(res.status).toBe(400);
    // An invoice with a credit note can no longer be cancelled.
    const credited = await s.invoice(party);
    await s.credit({ invoice_id: credited.id, reason: "other", items: [{ sku: "PEN-01", qty: 1 }] });
    expectProblem(
      await s.call("cancelInvoice", { path: { id: credited.id }, body: fixtures.InvoiceCancel }),
      409,
      "invoice_has_credit_notes",
    );
  });
});

describe("limits", () => {
  it("items: 1 to 1,000 (MAX_INVOICE_ITEMS)", async () => {
    const s = await shop({ ...fixtures.ProductCreate, opening_stock: 2000 });
    const inv = await s.invoice(await s.party(), { items: [{ sku: "PEN-01", qty: 1001, rate: 1 }] });
    const lines = (n: number) => Array.from({ length: n }, () => ({ sku: "PEN-01", qty: 1 }));
    const tooMany = await s.credit({ invoice_id: inv.id, reason: "sales_return", items: lines(1001) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]).toMatchObject({ pointer: "/items" });
    expect((await s.credit({ invoice_id: inv.id, reason: "sales_return", items: [] })).status).toBe(400);
    const most = await s.credit({ invoice_id: inv.id, reason: "sales_return", items: lines(1000) });
    expect(most.status, JSON.stringify(most.body).slice(0, 300)).toBe(201);
    expect(most.body.items).toHaveLength(1000);
    expect(most.body).toMatchObject({ taxable_value: 1000, restock: true });
  });
});

describe("reading credit notes", () => {
  it("retrieves and lists with filters, newest first, in keyset pages", async () => {
    const s = await shop();
    const party = await s.party();
    const a = await s.invoice(party);
    const b = await s.invoice(party);
    const n1 = (await s.credit({ invoice_id: a.id, reason: "other", items: [{ sku: "PEN-01", qty: 1 }] }))
      .body;
    const n2 = (await s.credit({ invoice_id: b.id, reason: "other", items: [{ sku: "PEN-01", qty: 1 }] }))
      .body;
    const n3 = (await s.credit({ invoice_id: a.id, reason: "other", items: [{ sku: "PEN-01", qty: 1 }] }))
      .body;
    const got = await s.call("retrieveCreditNote", { path: { id: n1.id } });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(n1);
    // The second read is this node's cached text; the list's notes are the creates' answers too.
    expect((await s.call("retrieveCreditNote", { path: { id: n1.id } })).body).toEqual(n1);
    expect(
      (await api.call("retrieveCreditNote", { key: s.tenant.liveKey, path: { id: n1.id } })).status,
    ).toBe(404);
    const page1 = await s.call("listCreditNotes", { query: { limit: 2 } });
    expect(page1.body.data).toEqual([n3, n2]);
    expect(page1.body).toMatchObject({ has_more: true, next_cursor: n2.id });
    const page2 = await s.call("listCreditNotes", { query: { limit: 2, starting_after: n2.id } });
    expect(page2.body.data).toEqual([n1]);
    expect(page2.body).toMatchObject({ has_more: false, next_cursor: null });
    const ofA = await s.call("listCreditNotes", { query: { invoice_id: a.id } });
    expect(ofA.body.data.map((n: any) => n.id)).toEqual([n3.id, n1.id]);
    const ofParty = await s.call("listCreditNotes", { query: { party_id: party } });
    expect(ofParty.body.data).toHaveLength(3);
    const none = await s.call("listCreditNotes", {
      query: { date_from: "2020-01-01", date_to: "2020-12-31" },
    });
    expect(none.body.data).toEqual([]);
    const bad = await s.call("listCreditNotes", {
      query: { date_from: "2026-02-01", date_to: "2026-01-01" },
    });
    expect(bad.status).toBe(400);
  });
});
