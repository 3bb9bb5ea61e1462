import { todayInIst } from "@bahi/gst";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { createTenant, GSTINS, keyWithScopes, type Tenant } from "./support/tenants.js";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const address = (state_code: string) => ({ line1: "1 Main Road", city: "Town", state_code, pin: "560001" });

/** Products at rates in force both today (to create them) and in 2024–25 (to invoice them). */
const PRODUCTS = [
  {
    sku: "PEN",
    name: "Ballpoint pen, blue, pack of ten",
    price: 100,
    gst_rate: 18,
    hsn_code: "96081019",
    unit: "NOS",
  },
  { sku: "RICE", name: "Rice", price: 50, gst_rate: 5, hsn_code: "1006", unit: "KGS" },
  { sku: "SVC", name: "Installation service", price: 1000, gst_rate: 18, hsn_code: "998719", unit: "NA" },
  { sku: "LOOSE", name: "Loose item", price: 10, gst_rate: 5, unit: "NOS" },
];

interface Shop {
  tenant: Tenant;
  call: (operationId: string, options?: Parameters<TestApi["call"]>[1]) => Promise<CallResult>;
  parties: { maharashtra: string; karnataka: string; local: string; delhi: string };
  invoice: (party: string, date: string, items: [string, number, number][], extra?: object) => Promise<any>;
  credit: (invoiceId: string, date: string, items: [string, number][]) => Promise<any>;
  gstr1: (period: string, format?: "portal" | "summary") => Promise<CallResult>;
}

/** A period's portal file and its summary (asked for with `summaryPeriod`, in either of its forms). */
async function fileAndSummary(s: Shop, period: string, summaryPeriod: string) {
  const portal = await s.gstr1(period);
  expect(portal.status, JSON.stringify(portal.body)).toBe(200);
  const overview = await s.gstr1(summaryPeriod, "summary");
  expect(overview.status, JSON.stringify(overview.body)).toBe(200);
  return { file: portal.body as Record<string, any>, summary: overview.body as Record<string, any> };
}

async function shop(): Promise<Shop> {
  const tenant = await createTenant(api.database.handle.db, { gstin: GSTINS.karnataka });
  const call: Shop["call"] = (operationId, options = {}) =>
    api.call(operationId, { key: tenant.testKey, ...options });
  for (const product of PRODUCTS) {
    const res = await call("createProduct", { body: { ...product, track_stock: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const party = async (body: object) => {
    const res = await call("createParty", { body: { type: "customer", ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  return {
    tenant,
    call,
    parties: {
      maharashtra: await party({
        name: "Sharma Electronics",
        gstin: GSTINS.maharashtra,
        address: address("27"),
      }),
      karnataka: await party({ name: "Mysuru Stores", gstin: GSTINS.karnatakaOther, address: address("29") }),
      local: await party({ name: "Meera Rao", address: address("29") }),
      delhi: await party({ name: "Arjun Mehta", address: address("07") }),
    },
    invoice: async (party_id, date, items, extra = {}) => {
      const res = await call("createInvoice", {
        body: { party_id, date, items: items.map(([sku, qty, rate]) => ({ sku, qty, rate })), ...extra },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    },
    credit: async (invoice_id, date, items) => {
      const res = await call("createCreditNote", {
        body: { invoice_id, date, reason: "sales_return", items: items.map(([sku, qty]) => ({ sku, qty })) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    },
    gstr1: (period, format) =>
      call("retrieveGstr1", { path: { period }, ...(format ? { query: { format } } : {}) }),
  };
}

const item = (num: number, rt: number, txval: number, iamt: number, camt = 0, samt = 0) => ({
  num,
  itm_det: { rt, txval, iamt, camt, samt, csamt: 0 },
});
const igstItem = (num: number, rt: number, txval: number, iamt: number) => ({
  num,
  itm_det: { rt, txval, iamt, csamt: 0 },
});

describe("GSTR-1 golden: every section of June 2025", () => {
  let s: Shop;
  let file: Record<string, any>;
  let summary: Record<string, any>;

  beforeAll(async () => {
    s = await shop();
    const { maharashtra, karnataka, local, delhi } = s.parties;
    // INV 1, registered, inter-state: PEN 2 × 100 = 200 (IGST 18% = 36), SVC 1000 (IGST 180),
    // RICE 4 × 50 = 200 (IGST 5% = 10). Rate 18: 1,200 / 216; rate 5: 200 / 10. Total 1,626.
    const inv1 = await s.invoice(maharashtra, "2025-06-05", [
      ["PEN", 2, 100],
      ["SVC", 1, 1000],
      ["RICE", 4, 50],
    ]);
    // INV 2, registered, intra-state, reverse charge: PEN 3 × 99.99 = 299.97; CGST = SGST = 9% =
    // 26.9973 → 27.00. Total without the tax 299.97 → 300; the value with it 300 + 54 = 354.
    await s.invoice(karnataka, "2025-06-10", [["PEN", 3, 99.99]], { reverse_charge: true });
    // INV 3, unregistered, intra-state (B2CS): PEN 2 × 100 = 200 (CGST 18, SGST 18) and LOOSE 10
    // (no HSN; CGST 2.5% = 0.25, SGST 0.25).
    const inv3 = await s.invoice(local, "2025-06-12", [
      ["PEN", 2, 100],
      ["LOOSE", 1, 10],
    ]);
    // INV 4, unregistered, inter-state, 100,000 + 18,000 = 118,000 > 1,00,000: B2CL.
    const inv4 = await s.invoice(delhi, "2025-06-15", [["SVC", 1, 100000]]);
    // INV 5, unregistered, inter-state, 100 + 18 = 118: B2CS INTER.
    await s.invoice(delhi, "2025-06-16", [["PEN", 1, 100]]);
    // INV 6, export: RICE 10 × 50 = 500, IGST 25, value 525.
    const inv6 = await s.invoice(local, "2025-06-18", [["RICE", 10, 50]], { place_of_supply: "96" });
    // INV 7, cancelled: only in doc_issue.
    const inv7 = await s.invoice(maharashtra, "2025-06-20", [["PEN", 1, 100]]);
    const cancelled = await s.call("cancelInvoice", {
      path: { id: inv7.id },
      body: { reason: "2", remark: "Entered twice" },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // CN 1 against INV 1: PEN 1 × 100, IGST 18, value 118 (cdnr).
    await s.credit(inv1.id, "2025-06-25", [["PEN", 1]]);
    // CN 2 against the B2CL INV 4: all of it, 118,000 (cdnur B2CL).
    await s.credit(inv4.id, "2025-06-26", [["SVC", 1]]);
    // CN 3 against the B2CS INV 3: PEN 1 × 100, CGST 9, SGST 9: nets the INTRA 18% row.
    await s.credit(inv3.id, "2025-06-27", [["PEN", 1]]);
    // CN 4 against the export: RICE 2 × 50 = 100, IGST 5, value 105 (cdnur EXPWP).
    await s.credit(inv6.id, "2025-06-28", [["RICE", 2]]);
    // A document of another month stays out.
    await s.invoice(maharashtra, "2025-07-01", [["PEN", 1, 100]]);

    ({ file, summary } = await fileAndSummary(s, "062025", "2025-06"));
  });

  it("heads the file with the business's GSTIN and the period", () => {
    expect(file).toMatchObject({ gstin: GSTINS.karnataka, fp: "062025", hash: "hash" });
    expect(file.version).toMatch(/^GST\d+\.\d+\.\d+$/);
  });

  it("b2b: one invoice per buyer GSTIN, one item row per rate, reverse charge marked", () => {
    expect(file.b2b).toEqual(
      [
        {
          ctin: GSTINS.maharashtra,
          inv: [
            {
              inum: "INV/25-26/000001",
              idt: "05-06-2025",
              val: 1626,
              pos: "27",
              rchrg: "N",
              inv_typ: "R",
              itms: [item(1, 5, 200, 10), item(2, 18, 1200, 216)],
            },
          ],
        },
        {
          ctin: GSTINS.karnatakaOther,
          inv: [
            {
              inum: "INV/25-26/000002",
              idt: "10-06-2025",
              val: 354,
              pos: "29",
              rchrg: "Y",
              inv_typ: "R",
              itms: [item(1, 18, 299.97, 0, 27, 27)],
            },
          ],
        },
      ].sort((a, b) => a.ctin.localeCompare(b.ctin)),
    );
  });

  it("b2cl: the large inter-state invoice to an unregistered buyer, by place of supply, IGST only", () => {
    expect(file.b2cl).toEqual([
      {
        pos: "07",
        inv: [
          {
            inum: "INV/25-26/000004",
            idt: "15-06-2025",
            val: 118000,
            itms: [igstItem(1, 18, 100000, 18000)],
          },
        ],
      },
    ]);
  });

  it("b2cs: other unregistered sales summed by type, place and rate, net of their credit notes", () => {
    expect(file.b2cs).toEqual([
      // INV 3 LOOSE: 10, 0.25, 0.25.
      { sply_ty: "INTRA", pos: "29", typ: "OE", rt: 5, txval: 10, iamt: 0, camt: 0.25, samt: 0.25, csamt: 0 },
      // INV 3 PEN 200 / 18 / 18 less CN 3 100 / 9 / 9.
      { sply_ty: "INTRA", pos: "29", typ: "OE", rt: 18, txval: 100, iamt: 0, camt: 9, samt: 9, csamt: 0 },
      // INV 5: 100 / IGST 18.
      { sply_ty: "INTER", pos: "07", typ: "OE", rt: 18, txval: 100, iamt: 18, camt: 0, samt: 0, csamt: 0 },
    ]);
  });

  it("exp: the export with payment of IGST", () => {
    expect(file.exp).toEqual([
      {
        exp_typ: "WPAY",
        inv: [
          {
            inum: "INV/25-26/000006",
            idt: "18-06-2025",
            val: 525,
            itms: [{ txval: 500, rt: 5, iamt: 25, csamt: 0 }],
          },
        ],
      },
    ]);
  });

  it("cdnr and cdnur: notes to registered buyers by GSTIN; against B2CL and exports with their type", () => {
    expect(file.cdnr).toEqual([
      {
        ctin: GSTINS.maharashtra,
        nt: [
          {
            ntty: "C",
            nt_num: "CN/25-26/000001",
            nt_dt: "25-06-2025",
            val: 118,
            pos: "27",
            rchrg: "N",
            inv_typ: "R",
            itms: [item(1, 18, 100, 18)],
          },
        ],
      },
    ]);
    expect(file.cdnur).toEqual([
      {
        typ: "B2CL",
        ntty: "C",
        nt_num: "CN/25-26/000002",
        nt_dt: "26-06-2025",
        val: 118000,
        pos: "07",
        itms: [igstItem(1, 18, 100000, 18000)],
      },
      {
        typ: "EXPWP",
        ntty: "C",
        nt_num: "CN/25-26/000004",
        nt_dt: "28-06-2025",
        val: 105,
        itms: [igstItem(1, 5, 100, 5)],
      },
    ]);
  });

  it("hsn: split by buyer from May 2025, net of credit notes, services in NA with quantity 0", () => {
    expect(file.hsn).toEqual({
      hsn_b2b: [
        // INV 1 RICE: 4 kg, 200, IGST 10.
        {
          num: 1,
          hsn_sc: "1006",
          desc: "Rice",
          uqc: "KGS",
          qty: 4,
          rt: 5,
          txval: 200,
          iamt: 10,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
        // INV 1 PEN 2 / 200 / IGST 36, INV 2 PEN 3 / 299.97 / CGST 27 + SGST 27, CN 1 −1 / −100 / −18:
        // 4 pens, 399.97, IGST 18, CGST 27, SGST 27.
        {
          num: 2,
          hsn_sc: "96081019",
          desc: "Ballpoint pen, blue, pack of t",
          uqc: "NOS",
          qty: 4,
          rt: 18,
          txval: 399.97,
          iamt: 18,
          camt: 27,
          samt: 27,
          csamt: 0,
        },
        // INV 1 SVC 1,000, IGST 180.
        {
          num: 3,
          hsn_sc: "998719",
          desc: "Installation service",
          uqc: "NA",
          qty: 0,
          rt: 18,
          txval: 1000,
          iamt: 180,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
      ],
      hsn_b2c: [
        // INV 6 10 kg / 500 / 25 less CN 4 2 kg / 100 / 5.
        {
          num: 1,
          hsn_sc: "1006",
          desc: "Rice",
          uqc: "KGS",
          qty: 8,
          rt: 5,
          txval: 400,
          iamt: 20,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
        // INV 3 2 / 200 / CGST 18 + SGST 18, INV 5 1 / 100 / IGST 18, CN 3 −1 / −100 / −9 − 9.
        {
          num: 2,
          hsn_sc: "96081019",
          desc: "Ballpoint pen, blue, pack of t",
          uqc: "NOS",
          qty: 2,
          rt: 18,
          txval: 200,
          iamt: 18,
          camt: 9,
          samt: 9,
          csamt: 0,
        },
        // INV 4 100,000 / 18,000 less CN 2, all of it.
        {
          num: 3,
          hsn_sc: "998719",
          desc: "Installation service",
          uqc: "NA",
          qty: 0,
          rt: 18,
          txval: 0,
          iamt: 0,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
      ],
    });
  });

  it("doc_issue: the invoice series with the cancelled one counted, and the credit notes", () => {
    expect(file.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          docs: [
            { num: 1, from: "INV/25-26/000001", to: "INV/25-26/000007", totnum: 7, cancel: 1, net_issue: 6 },
          ],
        },
        {
          doc_num: 5,
          docs: [
            { num: 1, from: "CN/25-26/000001", to: "CN/25-26/000004", totnum: 4, cancel: 0, net_issue: 4 },
          ],
        },
      ],
    });
  });

  it("the sections add up to the documents' own totals, tax by tax", async () => {
    const keys = ["txval", "iamt", "camt", "samt", "csamt"] as const;
    const paise = (n: number) => Math.round(n * 100);
    const sectionTotals = Object.fromEntries(keys.map((k) => [k, 0])) as Record<
      (typeof keys)[number],
      number
    >;
    const add = (det: Record<string, number>, sign: number) => {
      for (const k of keys) sectionTotals[k] += sign * paise(det[k] ?? 0);
    };
    for (const group of file.b2b) for (const inv of group.inv) for (const it of inv.itms) add(it.itm_det, 1);
    for (const group of file.b2cl) for (const inv of group.inv) for (const it of inv.itms) add(it.itm_det, 1);
    for (const group of file.exp) for (const inv of group.inv) for (const it of inv.itms) add(it, 1);
    for (const row of file.b2cs) add(row, 1);
    for (const group of file.cdnr) for (const nt of group.nt) for (const it of nt.itms) add(it.itm_det, -1);
    for (const nt of file.cdnur) for (const it of nt.itms) add(it.itm_det, -1);

    const docs = { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 };
    const addDoc = (d: Record<string, number>, sign: number) => {
      docs.txval += sign * paise(d.taxable_value ?? 0);
      docs.iamt += sign * paise(d.igst ?? 0);
      docs.camt += sign * paise(d.cgst ?? 0);
      docs.samt += sign * paise(d.sgst ?? 0);
      docs.csamt += sign * paise(d.cess ?? 0);
    };
    const invoices = await s.call("listInvoices", {
      query: { date_from: "2025-06-01", date_to: "2025-06-30", limit: 100 },
    });
    for (const inv of invoices.body.data) if (inv.status !== "cancelled") addDoc(inv, 1);
    const notes = await s.call("listCreditNotes", {
      query: { date_from: "2025-06-01", date_to: "2025-06-30", limit: 100 },
    });
    for (const note of notes.body.data) addDoc(note, -1);
    expect(invoices.body.data).toHaveLength(7);
    expect(notes.body.data).toHaveLength(4);
    expect(sectionTotals).toEqual(docs);

    // The HSN summary adds up to the same, but for the line without an HSN code (LOOSE: 10 / 0.25 / 0.25).
    const hsn = { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 };
    for (const row of [...file.hsn.hsn_b2b, ...file.hsn.hsn_b2c])
      for (const k of keys) hsn[k] += paise(row[k]);
    expect(hsn).toEqual({ ...docs, txval: docs.txval - 1000, camt: docs.camt - 25, samt: docs.samt - 25 });
  });

  it("CGST equals SGST in every intra-state row", () => {
    const rows = [
      ...file.b2b.flatMap((g: any) => g.inv.flatMap((i: any) => i.itms.map((x: any) => x.itm_det))),
      ...file.b2cs,
      ...file.hsn.hsn_b2b,
      ...file.hsn.hsn_b2c,
    ];
    for (const row of rows) expect(row.camt).toBe(row.samt);
  });

  it("the summary counts and sums each section as the file has it, with warnings", () => {
    expect(summary).toMatchObject({
      object: "gstr1_summary",
      livemode: false,
      gstin: GSTINS.karnataka,
      fp: "062025",
    });
    expect(summary.sections).toEqual({
      // INV 1 1,400 / IGST 226; INV 2 299.97 / 27 / 27.
      b2b: { count: 2, taxable_value: 1699.97, igst: 226, cgst: 27, sgst: 27, cess: 0 },
      b2cl: { count: 1, taxable_value: 100000, igst: 18000, cgst: 0, sgst: 0, cess: 0 },
      // The three rows: 10 + 100 + 100; IGST 18; CGST 0.25 + 9.
      b2cs: { count: 3, taxable_value: 210, igst: 18, cgst: 9.25, sgst: 9.25, cess: 0 },
      cdnr: { count: 1, taxable_value: 100, igst: 18, cgst: 0, sgst: 0, cess: 0 },
      // CN 2 100,000 / 18,000 and CN 4 100 / 5.
      cdnur: { count: 2, taxable_value: 100100, igst: 18005, cgst: 0, sgst: 0, cess: 0 },
      exp: { count: 1, taxable_value: 500, igst: 25, cgst: 0, sgst: 0, cess: 0 },
      // The six rows: 200 + 399.97 + 1,000 + 400 + 200 + 0; IGST 10 + 18 + 180 + 20 + 18; CGST 27 + 9.
      hsn: { count: 6, taxable_value: 2199.97, igst: 246, cgst: 36, sgst: 36, cess: 0 },
    });
    expect(summary.doc_issue).toEqual({ issued: 11, cancelled: 1, net_issued: 10 });
    expect(summary.warnings).toEqual([
      {
        code: "hsn_missing",
        message: expect.stringContaining("INV/25-26/000003: line 2 has no HSN code"),
        document_id: expect.stringMatching(/^inv_/),
      },
      // INV 6 exports rice with no shipping bill recorded.
      {
        code: "shipping_bill_missing",
        message: expect.stringContaining("INV/25-26/000006: an export of goods without its shipping bill"),
        document_id: expect.stringMatching(/^inv_/),
      },
    ]);
  });
});

describe("GSTR-1 reverse charge: a document's value is its e-invoice's TotInvVal", () => {
  it("the taxable value with the tax, rounded once, not the rounded total with the tax added", async () => {
    const s = await shop();
    // PEN 100.40, IGST 18% = 18.07: the invoice's total leaves the tax out, 100 (round-off −0.40);
    // its value is 118.47 rounded, 118 (not 100 + 18.07 = 118.07).
    const invoice = await s.invoice(s.parties.maharashtra, "2025-09-02", [["PEN", 1, 100.4]], {
      reverse_charge: true,
    });
    expect(invoice).toMatchObject({ total: 100, round_off: -0.4, igst: 18.07 });
    // A debit note of 10.30, IGST 1.85: 12.15 rounded, 12 (not 10 + 1.85 = 11.85).
    const debit = await s.call("createDebitNote", {
      body: {
        invoice_id: invoice.id,
        date: "2025-09-03",
        reason: "price_revision",
        items: [{ sku: "PEN", taxable_value: 10.3 }],
      },
    });
    expect(debit.status, JSON.stringify(debit.body)).toBe(201);
    const file = (await s.gstr1("092025")).body;
    expect(file.b2b[0].inv[0]).toMatchObject({ rchrg: "Y", val: 118 });
    expect(file.cdnr[0].nt[0]).toMatchObject({ ntty: "D", rchrg: "Y", val: 12 });
    for (const [operationId, id, value] of [
      ["retrieveInvoiceEinvoice", invoice.id, 118],
      ["retrieveDebitNoteEinvoice", debit.body.id, 12],
    ] as const) {
      const einvoice = await s.call(operationId, { path: { id } });
      expect(einvoice.body.ValDtls.TotInvVal).toBe(value);
    }
  });
});

describe("GSTR-1 date rules", () => {
  it("B2CL: ₹2,50,000 for invoices up to 31 July 2024, ₹1,00,000 from 1 August 2024; a note follows its invoice", async () => {
    const s = await shop();
    // 150,000 + IGST 18% 27,000 = 177,000: not above 2,50,000 on 31 July, above 1,00,000 on 1 August.
    const july = await s.invoice(s.parties.delhi, "2024-07-31", [["SVC", 1, 150000]]);
    // 300,000 + 54,000 = 354,000: above 2,50,000 even in July.
    await s.invoice(s.parties.delhi, "2024-07-31", [["SVC", 1, 300000]]);
    await s.invoice(s.parties.delhi, "2024-08-01", [["SVC", 1, 150000]]);
    // An August B2CS sale: 20,000 + 3,600 = 23,600.
    await s.invoice(s.parties.delhi, "2024-08-03", [["SVC", 1, 20000]]);
    // A note in August against the July B2CS invoice: 0.1 of it, 15,000 + 2,700, reduces August's
    // b2cs row (20,000 − 15,000 = 5,000; 3,600 − 2,700 = 900) rather than going to cdnur.
    await s.credit(july.id, "2024-08-05", [["SVC", 0.1]]);

    const jul = (await s.gstr1("072024")).body;
    expect(jul.b2cl).toEqual([
      {
        pos: "07",
        inv: [
          {
            inum: "INV/24-25/000002",
            idt: "31-07-2024",
            val: 354000,
            itms: [igstItem(1, 18, 300000, 54000)],
          },
        ],
      },
    ]);
    expect(jul.b2cs).toEqual([
      {
        sply_ty: "INTER",
        pos: "07",
        typ: "OE",
        rt: 18,
        txval: 150000,
        iamt: 27000,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);

    const aug = (await s.gstr1("082024")).body;
    expect(aug.b2cl).toEqual([
      {
        pos: "07",
        inv: [
          {
            inum: "INV/24-25/000003",
            idt: "01-08-2024",
            val: 177000,
            itms: [igstItem(1, 18, 150000, 27000)],
          },
        ],
      },
    ]);
    expect(aug.cdnur).toBeUndefined();
    expect(aug.b2cs).toEqual([
      { sply_ty: "INTER", pos: "07", typ: "OE", rt: 18, txval: 5000, iamt: 900, camt: 0, samt: 0, csamt: 0 },
    ]);
  });

  it("HSN summary: one list before May 2025, split by buyer from the May 2025 period", async () => {
    const s = await shop();
    await s.invoice(s.parties.maharashtra, "2025-04-30", [["PEN", 1, 100]]);
    await s.invoice(s.parties.local, "2025-04-30", [["PEN", 2, 100]]);
    await s.invoice(s.parties.maharashtra, "2025-05-01", [["PEN", 1, 100]]);
    await s.invoice(s.parties.local, "2025-05-01", [["PEN", 2, 100]]);
    const pen = { hsn_sc: "96081019", desc: "Ballpoint pen, blue, pack of t", uqc: "NOS", rt: 18, csamt: 0 };

    const april = (await s.gstr1("042025")).body;
    // April: 1 pen to Maharashtra (100, IGST 18) and 2 within Karnataka (200, CGST 18, SGST 18), one row.
    expect(april.hsn).toEqual({
      data: [{ num: 1, ...pen, qty: 3, txval: 300, iamt: 18, camt: 18, samt: 18 }],
    });

    const may = (await s.gstr1("052025")).body;
    expect(may.hsn).toEqual({
      hsn_b2b: [{ num: 1, ...pen, qty: 1, txval: 100, iamt: 18, camt: 0, samt: 0 }],
      hsn_b2c: [{ num: 1, ...pen, qty: 2, txval: 200, iamt: 0, camt: 18, samt: 18 }],
    });
  });
});

describe("GSTR-1 negative nets: credit notes above the period's sales (tables 7 and 12)", () => {
  let s: Shop;
  let file: Record<string, any>;
  let summary: Record<string, any>;

  beforeAll(async () => {
    s = await shop();
    const { maharashtra, local, delhi } = s.parties;
    // October 2025, B2CS INTRA 29: PEN 3 × 99.99 = 299.97; CGST = SGST = 9% = 26.9973 → 27.00.
    const pens = await s.invoice(local, "2025-10-08", [["PEN", 3, 99.99]]);
    // October 2025, B2CS INTER 07: RICE 10 × 50 = 500, IGST 5% = 25 (value 525, far below B2CL).
    const rice = await s.invoice(delhi, "2025-10-09", [["RICE", 10, 50]]);
    // November 2025: CN 1 returns 1 pen of the October invoice: 99.99, CGST = SGST = 8.9991 → 9.00.
    await s.credit(pens.id, "2025-11-03", [["PEN", 1]]);
    // CN 2 returns 4 kg of the October rice: 200, IGST 10.
    await s.credit(rice.id, "2025-11-04", [["RICE", 4]]);
    // November's only B2CS sale at 07 / 5%: RICE 2 × 50 = 100, IGST 5, less than CN 2 takes back.
    await s.invoice(delhi, "2025-11-05", [["RICE", 2, 50]]);
    // A B2B sale of pens: its hsn_b2b row stays positive, whatever the B2C returns.
    await s.invoice(maharashtra, "2025-11-06", [["PEN", 1, 100]]);

    ({ file, summary } = await fileAndSummary(s, "112025", "112025"));
  });

  it("b2cs: a row the period's credit notes exceed is reported negative, as the portal takes it", () => {
    expect(file.b2cs).toEqual([
      // No November sale at 29 / 18%; CN 1: −99.99, CGST −9, SGST −9.
      {
        sply_ty: "INTRA",
        pos: "29",
        typ: "OE",
        rt: 18,
        txval: -99.99,
        iamt: 0,
        camt: -9,
        samt: -9,
        csamt: 0,
      },
      // INV 100 / IGST 5 less CN 2 200 / 10: −100 / −5.
      { sply_ty: "INTER", pos: "07", typ: "OE", rt: 5, txval: -100, iamt: -5, camt: 0, samt: 0, csamt: 0 },
    ]);
    // The notes against B2CS invoices are in b2cs only.
    expect(file.cdnur).toBeUndefined();
    expect(file.cdnr).toBeUndefined();
  });

  it("hsn: a code returned beyond the period's sales has a negative quantity and amounts", () => {
    const pen = { hsn_sc: "96081019", desc: "Ballpoint pen, blue, pack of t", uqc: "NOS", rt: 18, csamt: 0 };
    expect(file.hsn).toEqual({
      // The B2B sale: 1 pen, 100, IGST 18.
      hsn_b2b: [{ num: 1, ...pen, qty: 1, txval: 100, iamt: 18, camt: 0, samt: 0 }],
      hsn_b2c: [
        // INV 2 kg / 100 / IGST 5 less CN 2 4 kg / 200 / 10: −2 kg, −100, −5.
        {
          num: 1,
          hsn_sc: "1006",
          desc: "Rice",
          uqc: "KGS",
          qty: -2,
          rt: 5,
          txval: -100,
          iamt: -5,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
        // CN 1 alone: −1 pen, −99.99, CGST −9, SGST −9.
        { num: 2, ...pen, qty: -1, txval: -99.99, iamt: 0, camt: -9, samt: -9 },
      ],
    });
  });

  it("hsn before May 2025: the one list `data` has the negative row too, and the warning names `hsn`", async () => {
    // March 2025, B2CS INTRA 29: RICE 4 × 50 = 200, CGST = SGST = 2.5% = 5.
    const march = await s.invoice(s.parties.local, "2025-03-10", [["RICE", 4, 50]]);
    // April 2025, nothing sold; CN returns 1 kg: 50, CGST = SGST = 1.25.
    await s.credit(march.id, "2025-04-02", [["RICE", 1]]);

    const april = (await s.gstr1("042025")).body;
    expect(april.b2cs).toEqual([
      {
        sply_ty: "INTRA",
        pos: "29",
        typ: "OE",
        rt: 5,
        txval: -50,
        iamt: 0,
        camt: -1.25,
        samt: -1.25,
        csamt: 0,
      },
    ]);
    expect(april.hsn).toEqual({
      data: [
        {
          num: 1,
          hsn_sc: "1006",
          desc: "Rice",
          uqc: "KGS",
          qty: -1,
          rt: 5,
          txval: -50,
          iamt: 0,
          camt: -1.25,
          samt: -1.25,
          csamt: 0,
        },
      ],
    });
    const summary = (await s.gstr1("042025", "summary")).body;
    // Each section has the one row: −50, CGST −1.25, SGST −1.25.
    expect(summary.sections.b2cs).toEqual({
      count: 1,
      taxable_value: -50,
      igst: 0,
      cgst: -1.25,
      sgst: -1.25,
      cess: 0,
    });
    expect(summary.sections.hsn).toEqual(summary.sections.b2cs);
    expect(summary.warnings.map((w: { message: string }) => w.message.split(":")[0])).toEqual([
      "b2cs, INTRA supplies to place of supply 29 at 5%",
      "hsn, HSN 1006 in KGS at 5%",
    ]);
  });

  it("CGST equals SGST in every row, negative ones included", () => {
    for (const row of [...file.b2cs, ...file.hsn.hsn_b2b, ...file.hsn.hsn_b2c])
      expect(row.camt).toBe(row.samt);
  });

  it("the summary sums the negative rows and asks for them to be reviewed", () => {
    const none = { count: 0, taxable_value: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 };
    expect(summary.sections).toEqual({
      b2b: { count: 1, taxable_value: 100, igst: 18, cgst: 0, sgst: 0, cess: 0 },
      b2cl: none,
      // −99.99 − 100; IGST −5; CGST −9.
      b2cs: { count: 2, taxable_value: -199.99, igst: -5, cgst: -9, sgst: -9, cess: 0 },
      // The notes against B2CS invoices are netted in b2cs, not listed.
      cdnr: none,
      cdnur: none,
      exp: none,
      // 100 − 100 − 99.99 = −99.99; IGST 18 − 5 = 13; CGST −9.
      hsn: { count: 3, taxable_value: -99.99, igst: 13, cgst: -9, sgst: -9, cess: 0 },
    });
    expect(summary.doc_issue).toEqual({ issued: 4, cancelled: 0, net_issued: 4 });
    // One per negative row, in the file's order, naming the section, the key and the negative figures.
    const warning = (row: string, figures: string) => ({
      code: "negative_net_value",
      message: `${row}: the period's credit notes exceed its sales, so the row is negative (${figures}). The portal takes the net value as it is; check those credit notes before uploading.`,
      document_id: null,
    });
    expect(summary.warnings).toEqual([
      warning(
        "b2cs, INTRA supplies to place of supply 29 at 18%",
        "taxable value -99.99, CGST -9.00, SGST -9.00",
      ),
      warning("b2cs, INTER supplies to place of supply 07 at 5%", "taxable value -100.00, IGST -5.00"),
      warning("hsn_b2c, HSN 1006 in KGS at 5%", "quantity -2, taxable value -100.00, IGST -5.00"),
      warning(
        "hsn_b2c, HSN 96081019 in NOS at 18%",
        "quantity -1, taxable value -99.99, CGST -9.00, SGST -9.00",
      ),
    ]);
  });
});

describe("GSTR-1 doc_issue series", () => {
  it("one row per number format, wherever the format puts {SEQ}", async () => {
    const s = await shop();
    const updated = await s.call("updateAccount", {
      body: { invoice_number_format: "{SEQ}/{FY:short}", credit_note_number_format: "{SEQ}/CN/{FY:short}" },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const invoices = [];
    for (const day of ["02", "03", "04"]) {
      invoices.push(await s.invoice(s.parties.local, `2025-06-${day}`, [["PEN", 1, 100]]));
    }
    for (const invoice of invoices.slice(0, 2)) await s.credit(invoice.id, "2025-06-05", [["PEN", 1]]);

    expect((await s.gstr1("062025")).body.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          docs: [{ num: 1, from: "1/25-26", to: "3/25-26", totnum: 3, cancel: 0, net_issue: 3 }],
        },
        {
          doc_num: 5,
          docs: [{ num: 1, from: "1/CN/25-26", to: "2/CN/25-26", totnum: 2, cancel: 0, net_issue: 2 }],
        },
      ],
    });
  });

  it("a change of {SEQ} width mid-period starts a row, each from its first number to its last", async () => {
    const s = await shop();
    for (const day of ["02", "03"]) await s.invoice(s.parties.local, `2025-06-${day}`, [["PEN", 1, 100]]);
    const updated = await s.call("updateAccount", {
      body: { invoice_number_format: "INV/{FY:short}/{SEQ}" },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // The serial goes on unpadded: 3 and 4 sort before 000002 as text, and 10 before 9 would too.
    for (let day = 4; day <= 13; day++) {
      await s.invoice(s.parties.local, `2025-06-${String(day).padStart(2, "0")}`, [["PEN", 1, 100]]);
    }

    expect((await s.gstr1("062025")).body.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        docs: [
          { num: 1, from: "INV/25-26/000001", to: "INV/25-26/000002", totnum: 2, cancel: 0, net_issue: 2 },
          { num: 2, from: "INV/25-26/3", to: "INV/25-26/12", totnum: 10, cancel: 0, net_issue: 10 },
        ],
      },
    ]);
  });
});

describe("GSTR-1 warnings", () => {
  it("hsn_too_short above ₹5 crore of last year's turnover, gstin_invalid for a buyer GSTIN the portal refuses", async () => {
    const s = await shop();
    // FY 2024-25 turnover: one sale of 5,00,00,001 taxable value, just above ₹5 crore.
    await s.invoice(s.parties.maharashtra, "2024-06-01", [["SVC", 1, 50000001]]);
    // June 2025: RICE carries the 4-digit HSN 1006, PEN the 8-digit 96081019.
    const rice = await s.invoice(s.parties.maharashtra, "2025-06-02", [
      ["PEN", 1, 100],
      ["RICE", 1, 50],
    ]);
    const other = await s.invoice(s.parties.karnataka, "2025-06-03", [["PEN", 1, 100]]);
    // The API refuses invalid GSTINs, so a bad one can only come from data written before that
    // check (or by hand); the invoice's party snapshot is altered here to stand for it.
    const db = api.database.handle.db;
    await db.execute(
      sql`update invoices set party = jsonb_set(party, '{gstin}', '"29AAPFU0939F1ZA"') where id = ${other.id}`,
    );

    const summary = (await s.gstr1("062025", "summary")).body;
    expect(summary.warnings).toEqual([
      {
        code: "hsn_too_short",
        message: expect.stringContaining(`${rice.number}: line 2 has the HSN code 1006`),
        document_id: rice.id,
      },
      { code: "gstin_invalid", message: expect.stringContaining("29AAPFU0939F1ZA"), document_id: other.id },
    ]);
    // The year before had no such turnover: 4 digits are enough there.
    expect((await s.gstr1("062024", "summary")).body.warnings).toEqual([]);
  });
});

describe("GSTR-1 periods and errors", () => {
  let s: Shop;
  beforeAll(async () => {
    s = await shop();
  });

  it("a period without documents is a valid, empty return", async () => {
    const file = await s.gstr1("2024-01");
    expect(file.status).toBe(200);
    expect(file.body).toEqual({
      gstin: GSTINS.karnataka,
      fp: "012024",
      version: expect.any(String),
      hash: "hash",
    });
    const summary = await s.gstr1("012024", "summary");
    expect(summary.body.sections.b2b).toEqual({
      count: 0,
      taxable_value: 0,
      igst: 0,
      cgst: 0,
      sgst: 0,
      cess: 0,
    });
    expect(summary.body.doc_issue).toEqual({ issued: 0, cancelled: 0, net_issued: 0 });
  });

  it("the running month may be fetched", async () => {
    const month = todayInIst(new Date()).slice(0, 7);
    expect((await s.gstr1(month)).status).toBe(200);
  });

  it.each(["2026-13", "132026", "26-11", "2026/11", "11-2026", "1126", "062017", "nov"])(
    "400 invalid_period naming the accepted forms for %s",
    async (period) => {
      const res = await s.gstr1(period);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "invalid_period" });
      expect(res.body.detail).toContain("MMYYYY");
      expect(res.body.detail).toContain("YYYY-MM");
      expect(res.body.errors[0]).toMatchObject({ pointer: "/path/period", code: "invalid_period" });
    },
  );

  it("400 invalid_period for a month that has not begun", async () => {
    const [year, month] = todayInIst(new Date()).split("-").map(Number) as [number, number];
    const next = month === 12 ? `01${year + 1}` : `${String(month + 1).padStart(2, "0")}${year}`;
    const res = await s.gstr1(next);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_period");
    expect(res.body.detail).toContain("has not begun");
  });

  it("401 without a key, 403 without gstr:read", async () => {
    const anonymous = await api.call("retrieveGstr1", { path: { period: "062025" } });
    expect(anonymous.status).toBe(401);
    const key = await keyWithScopes(api.database.handle.db, s.tenant.accountId, ["invoices:read"]);
    const refused = await api.call("retrieveGstr1", { key, path: { period: "062025" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
    const allowed = await keyWithScopes(api.database.handle.db, s.tenant.accountId, ["gstr:read"]);
    expect((await api.call("retrieveGstr1", { key: allowed, path: { period: "062025" } })).status).toBe(200);
  });

  it("test and live data are separate", async () => {
    await s.invoice(s.parties.local, "2025-03-03", [["PEN", 1, 100]]);
    expect((await s.gstr1("032025")).body.b2cs).toHaveLength(1);
    const live = await api.call("retrieveGstr1", { key: s.tenant.liveKey, path: { period: "032025" } });
    expect(live.body.b2cs).toBeUndefined();
  });
});

describe("GSTR-1 rate limit", () => {
  it("429 with Retry-After once the minute's requests are spent", async () => {
    const limited = await startTestApi({ rateLimits: { perMinute: 1, perSecond: 100 } });
    try {
      const { testKey } = await createTenant(limited.database.handle.db);
      const first = await limited.call("retrieveGstr1", { key: testKey, path: { period: "062025" } });
      expect(first.status).toBe(200);
      const refused = await limited.call("retrieveGstr1", { key: testKey, path: { period: "062025" } });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("rate_limited");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });
});

describe("GSTR-1 debit notes: ntty D beside credit notes, netted into b2cs and hsn, series 4", () => {
  let s: Shop;
  let file: Record<string, any>;
  let summary: Record<string, any>;

  beforeAll(async () => {
    s = await shop();
    const { maharashtra, local, delhi } = s.parties;
    const debit = async (invoice_id: string, date: string, sku: string, taxable_value: number) => {
      const res = await s.call("createDebitNote", {
        body: { invoice_id, date, reason: "price_revision", items: [{ sku, taxable_value }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    // INV 1, registered, inter-state: PEN 2 × 100 = 200, IGST 36.
    const inv1 = await s.invoice(maharashtra, "2025-08-04", [["PEN", 2, 100]]);
    // INV 2, unregistered, intra-state (B2CS): PEN 100, CGST 9, SGST 9.
    const inv2 = await s.invoice(local, "2025-08-05", [["PEN", 1, 100]]);
    // INV 3, unregistered, inter-state, 1,18,000: B2CL.
    const inv3 = await s.invoice(delhi, "2025-08-06", [["SVC", 1, 100000]]);
    // DN 1 against INV 1: 50, IGST 9, value 59 (cdnr D); then CN 1: PEN 1 × 100, IGST 18 (cdnr C).
    await debit(inv1.id, "2025-08-10", "PEN", 50);
    await s.credit(inv1.id, "2025-08-12", [["PEN", 1]]);
    // DN 2 against the B2CS INV 2: 20, CGST 1.80, SGST 1.80, added to the INTRA 18% row.
    await debit(inv2.id, "2025-08-13", "PEN", 20);
    // DN 3 against the B2CL INV 3: 1,000, IGST 180, value 1,180 (cdnur B2CL D).
    await debit(inv3.id, "2025-08-14", "SVC", 1000);
    ({ file, summary } = await fileAndSummary(s, "082025", "2025-08"));
  });

  it("cdnr and cdnur report each note with its ntty, in date order within a buyer", () => {
    expect(file.cdnr).toEqual([
      {
        ctin: GSTINS.maharashtra,
        nt: [
          {
            ntty: "D",
            nt_num: "DN/25-26/000001",
            nt_dt: "10-08-2025",
            val: 59,
            pos: "27",
            rchrg: "N",
            inv_typ: "R",
            itms: [item(1, 18, 50, 9)],
          },
          {
            ntty: "C",
            nt_num: "CN/25-26/000001",
            nt_dt: "12-08-2025",
            val: 118,
            pos: "27",
            rchrg: "N",
            inv_typ: "R",
            itms: [item(1, 18, 100, 18)],
          },
        ],
      },
    ]);
    expect(file.cdnur).toEqual([
      {
        typ: "B2CL",
        ntty: "D",
        nt_num: "DN/25-26/000003",
        nt_dt: "14-08-2025",
        val: 1180,
        pos: "07",
        itms: [igstItem(1, 18, 1000, 180)],
      },
    ]);
  });

  it("b2cs and hsn add debit notes and take credit notes off", () => {
    expect(file.b2cs).toEqual([
      {
        sply_ty: "INTRA",
        pos: "29",
        typ: "OE",
        rt: 18,
        txval: 120,
        iamt: 0,
        camt: 10.8,
        samt: 10.8,
        csamt: 0,
      },
    ]);
    // B2B pens: INV 1 2 / 200 / 36, DN 1 0 / 50 / 9, CN 1 −1 / −100 / −18.
    expect(file.hsn.hsn_b2b).toEqual([
      expect.objectContaining({ hsn_sc: "96081019", qty: 1, txval: 150, iamt: 27, camt: 0, samt: 0 }),
    ]);
    // B2C: INV 2 and DN 2 pens; INV 3 and DN 3 the service (quantity 0 in NA).
    expect(file.hsn.hsn_b2c).toEqual([
      expect.objectContaining({ hsn_sc: "96081019", qty: 1, txval: 120, iamt: 0, camt: 10.8, samt: 10.8 }),
      expect.objectContaining({ hsn_sc: "998719", uqc: "NA", qty: 0, txval: 101000, iamt: 18180 }),
    ]);
  });

  it("doc_issue lists the debit notes as document kind 4, between invoices and credit notes", () => {
    expect(file.doc_issue.doc_det.map((d: { doc_num: number }) => d.doc_num)).toEqual([1, 4, 5]);
    expect(file.doc_issue.doc_det[1]).toEqual({
      doc_num: 4,
      docs: [{ num: 1, from: "DN/25-26/000001", to: "DN/25-26/000003", totnum: 3, cancel: 0, net_issue: 3 }],
    });
  });

  it("the summary counts notes of both kinds, as positive amounts", () => {
    expect(summary.sections).toMatchObject({
      cdnr: { count: 2, taxable_value: 150, igst: 27, cgst: 0, sgst: 0, cess: 0 },
      cdnur: { count: 1, taxable_value: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 },
      b2cs: { count: 1, taxable_value: 120, igst: 0, cgst: 10.8, sgst: 10.8, cess: 0 },
    });
    expect(summary.doc_issue).toEqual({ issued: 7, cancelled: 0, net_issued: 7 });
  });
});
