import { fixtures } from "@bahi/contract";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { type CallResult, callerWith } from "./support/api.js";
import { it } from "./support/fixtures.js";
import { HISTORY_RUNS, timeoutFor } from "./support/fuzz-runs.js";
import { keepEarlierRates } from "./support/rate-history.js";
import { createTenant, GSTINS } from "./support/tenants.js";

/**
 * Months of random documents. Whatever invoices, credit and debit notes and cancellations a business
 * issues in a month, every e-invoice passes the IRP's arithmetic checks, and the month's GSTR-1 file
 * adds up to the documents, section by section and tax by tax, as the portal checks it. The golden
 * tests in gstr1.test.ts pin each section's form; these look for the months they did not think of.
 */

/** Each a month of up to 12 documents. */
const MONTHS = HISTORY_RUNS;

const address = (state_code: string) => ({ line1: "1 Main Road", city: "Town", state_code, pin: "560001" });

/** The business is in Karnataka (29). */
const PARTIES = {
  registeredOtherState: { name: "Sharma Electronics", gstin: GSTINS.maharashtra, address: address("27") },
  registeredSameState: { name: "Mysuru Stores", gstin: GSTINS.karnatakaOther, address: address("29") },
  registeredTerritory: { name: "Chandigarh Traders", gstin: GSTINS.chandigarh, address: address("04") },
  sez: { name: "Okhla SEZ Unit", gstin: GSTINS.delhi, sez: true, address: address("07") },
  unregisteredSameState: { name: "Meera Rao", address: address("29") },
  unregisteredOtherState: { name: "Arjun Mehta", address: address("07") },
  abroad: fixtures.PartyCreateAbroad,
} as const;
type PartyName = keyof typeof PARTIES;
const REGISTERED: readonly PartyName[] = [
  "registeredOtherState",
  "registeredSameState",
  "registeredTerritory",
];
const ZERO_RATED: readonly PartyName[] = ["sez", "abroad"];

/**
 * B2CL: an inter-state invoice to an unregistered buyer above ₹2,50,000, or above ₹1,00,000 for
 * invoices from 1 August 2024.
 */
const b2clAbovePaise = (date: string) => (date < "2024-08-01" ? 2_50_000_00 : 1_00_000_00);
/**
 * The 40% slab from 22 September 2025. Before it the car was 28% with a 22% compensation cess, which
 * it keeps in its rate history (no request can give a product a cess since cess ended); the other
 * rates stand on both sides.
 */
const RATE_REFORM_DATE = "2025-09-22";
const CAR_BEFORE_REFORM = { gstRate: "28.000", cessRate: "22.000" };

/** Every rate in force from 22 September 2025, goods and a service. */
const PRODUCTS = [
  { sku: "PEN", name: "Ballpoint pen", price: 100, gst_rate: 18, hsn_code: "96081019", unit: "NOS" },
  { sku: "RICE", name: "Rice", price: 50, gst_rate: 5, hsn_code: "1006", unit: "KGS" },
  { sku: "SVC", name: "Installation service", price: 1000, gst_rate: 18, hsn_code: "998719", unit: "NA" },
  { sku: "GOLD", name: "Gold bar", price: 9000, gst_rate: 3, hsn_code: "7108", unit: "GMS" },
  { sku: "GEM", name: "Rough diamond", price: 50000, gst_rate: 0.25, hsn_code: "7102", unit: "NOS" },
  { sku: "CAR", name: "Car", price: 900000, gst_rate: 40, hsn_code: "8703", unit: "NOS" },
  { sku: "MILK", name: "Milk", price: 60, gst_rate: 0, hsn_code: "0401", unit: "LTR" },
];

/**
 * Months in three financial years: before the ₹1,00,000 B2CL limit, before the HSN summary's split
 * (May 2025), before the rate reform, and after.
 */
const MONTH_LIST = ["2024-06", "2024-11", "2025-04", "2025-10", "2025-12", "2026-01", "2026-03", "2026-08"];

interface Line {
  sku: string;
  qtyMilli: number;
  rateMilli: number;
  discountPercent: number;
}

type Step =
  | {
      op: "invoice";
      party: PartyName;
      day: number;
      lines: Line[];
      reverseCharge: boolean;
      underLut: boolean;
      deemedExport: boolean;
    }
  | { op: "credit"; at: number; day: number; kind: "whole" | "qty" | "value"; percent: number }
  | { op: "debit"; at: number; day: number; paise: number }
  | { op: "cancel"; at: number };

const line: fc.Arbitrary<Line> = fc.record({
  sku: fc.constantFrom(...PRODUCTS.map((p) => p.sku)),
  qtyMilli: fc.oneof(
    fc.integer({ min: 1, max: 20 }).map((units) => units * 1000),
    fc.integer({ min: 1, max: 20_000 }),
  ),
  // Paise mostly; sometimes a third decimal; sometimes ₹10,000–2,00,000, for B2CL invoices.
  rateMilli: fc.oneof(
    fc.integer({ min: 1, max: 99_999 }).map((paise) => paise * 10),
    fc.integer({ min: 1, max: 999_999 }),
    fc.integer({ min: 1_000_000, max: 20_000_000 }).map((paise) => paise * 10),
  ),
  discountPercent: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
});

const day = fc.integer({ min: 1, max: 28 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant("invoice" as const),
      party: fc.constantFrom(...(Object.keys(PARTIES) as PartyName[])),
      day,
      lines: fc.array(line, { minLength: 1, maxLength: 4 }),
      reverseCharge: fc.boolean(),
      underLut: fc.boolean(),
      deemedExport: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("credit" as const),
      at: fc.nat(),
      day,
      kind: fc.constantFrom("whole" as const, "qty" as const, "value" as const),
      percent: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("debit" as const),
      at: fc.nat(),
      day,
      paise: fc.integer({ min: 1, max: 5_000_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("cancel" as const), at: fc.nat() }) },
);

/** A month with a sale to each kind of buyer, a credit and a debit note, and a cancellation. */
const EVERY_KIND: Step[] = [
  ...(Object.keys(PARTIES) as PartyName[]).map((party, i) => ({
    op: "invoice" as const,
    party,
    day: 2 + i,
    lines: [{ sku: "PEN", qtyMilli: 2000, rateMilli: 150_000_000, discountPercent: 10 }],
    reverseCharge: false,
    underLut: false,
    deemedExport: false,
  })),
  { op: "credit", at: 0, day: 20, kind: "qty", percent: 50 },
  { op: "debit", at: 4, day: 21, paise: 12_345 },
  { op: "cancel", at: 6 },
];

/** What the business may be refused, by design, for a note or a cancellation drawn at random. */
const EXPECTED_REFUSALS = new Set([
  "credit_exceeds_creditable",
  "invoice_cancelled",
  "invoice_has_credit_notes",
  "invoice_has_debit_notes",
]);

type Json = Record<string, any>;
const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: bigint | number) => Number(p) / 100;
const pad = (n: number) => String(n).padStart(2, "0");

/** Whole paise: no binary leftovers past the second decimal, as the portal refuses. */
function expectTwoDecimals(value: number, where: string) {
  expect(Math.abs(value * 100 - Math.round(value * 100)), `${where}: ${value}`).toBeLessThan(1e-6);
}

/** The half-up rounding of paise × a rate in milli-percent (the product's `gst_rate` × 1,000). */
function taxOf(taxablePaise: bigint, rateMilliPercent: bigint): bigint {
  return (taxablePaise * rateMilliPercent * 2n + 100_000n) / 200_000n;
}

/**
 * The IRP's arithmetic on an e-invoice (schema 1.1): each line's assessable amount is its gross less
 * its discount, its value the amount with its tax; the document's values are the sums of its lines,
 * and its total their sum, rounded off by less than a rupee. On an invoice, also: each line's gross
 * is quantity × unit price and its tax the amount at its rate (CGST and SGST each at half), and the
 * total is whole rupees (the IRP checks neither on a note, whose lines may credit a value alone).
 * The document's own figures are the e-invoice's.
 */
function expectIrpArithmetic(einvoice: Json, document: Json, kind: "invoice" | "note") {
  const { ItemList: items, ValDtls: totals, TranDtls: tran } = einvoice;
  const sums = { AssVal: 0, CgstVal: 0, SgstVal: 0, IgstVal: 0, CesVal: 0 };
  for (const item of items) {
    for (const key of [
      "TotAmt",
      "Discount",
      "AssAmt",
      "IgstAmt",
      "CgstAmt",
      "SgstAmt",
      "CesAmt",
      "TotItemVal",
    ])
      expectTwoDecimals(item[key], `${document.number} item ${item.SlNo} ${key}`);
    const gross =
      (BigInt(Math.round(item.Qty * 1000)) * BigInt(Math.round(item.UnitPrice * 1000)) + 5_000n) / 10_000n;
    if (kind === "invoice") expect(paise(item.TotAmt)).toBe(Number(gross));
    expect(paise(item.AssAmt)).toBe(paise(item.TotAmt) - paise(item.Discount));
    const rate = BigInt(Math.round(item.GstRt * 1000));
    const assessable = BigInt(paise(item.AssAmt));
    const withoutPayment = tran.SupTyp === "EXPWOP" || tran.SupTyp === "SEZWOP";
    const cessRate = BigInt(Math.round(item.CesRt * 1000));
    expect(paise(item.CesAmt)).toBe(withoutPayment ? 0 : Number(taxOf(assessable, cessRate)));
    if (kind === "note") {
      expect(item.SgstAmt).toBe(item.CgstAmt);
    } else if (withoutPayment) {
      expect(item.IgstAmt + item.CgstAmt + item.SgstAmt).toBe(0);
    } else if (item.CgstAmt > 0 || item.SgstAmt > 0) {
      expect(paise(item.CgstAmt)).toBe(Number(taxOf(assessable, rate / 2n)));
      expect(item.SgstAmt).toBe(item.CgstAmt);
      expect(item.IgstAmt).toBe(0);
    } else {
      // Same-state supplies are CGST + SGST, unless the rate leaves both at nothing.
      const half = taxOf(assessable, rate / 2n);
      const full = taxOf(assessable, rate);
      expect([0, Number(full)]).toContain(paise(item.IgstAmt));
      if (paise(item.IgstAmt) === 0) expect(half === 0n || full === 0n).toBe(true);
    }
    expect(paise(item.TotItemVal)).toBe(
      paise(item.AssAmt) +
        paise(item.CgstAmt) +
        paise(item.SgstAmt) +
        paise(item.IgstAmt) +
        paise(item.CesAmt),
    );
    sums.AssVal += paise(item.AssAmt);
    sums.CgstVal += paise(item.CgstAmt);
    sums.SgstVal += paise(item.SgstAmt);
    sums.IgstVal += paise(item.IgstAmt);
    sums.CesVal += paise(item.CesAmt);
  }
  for (const [key, sum] of Object.entries(sums)) expect(paise(totals[key]), key).toBe(sum);
  const parts =
    sums.AssVal +
    sums.CgstVal +
    sums.SgstVal +
    sums.IgstVal +
    sums.CesVal +
    paise(totals.OthChrg) -
    paise(totals.Discount);
  expect(paise(totals.TotInvVal)).toBe(parts + paise(totals.RndOffAmt));
  expect(Math.abs(totals.RndOffAmt)).toBeLessThan(1);
  if (kind === "invoice") expect(paise(totals.TotInvVal) % 100).toBe(0);
  expect(paise(document.taxable_value)).toBe(sums.AssVal);
  expect([paise(document.cgst), paise(document.sgst), paise(document.igst)]).toEqual([
    sums.CgstVal,
    sums.SgstVal,
    sums.IgstVal,
  ]);
}

const TAX_KEYS = ["txval", "iamt", "camt", "samt", "csamt"] as const;
type TaxSums = Record<(typeof TAX_KEYS)[number], number>;
const noTax = (): TaxSums => ({ txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 });
function addTax(sums: TaxSums, row: Json, sign: number) {
  for (const key of TAX_KEYS) sums[key] += sign * paise(row[key] ?? 0);
}
function addDocument(sums: TaxSums, document: Json, sign: number) {
  sums.txval += sign * paise(document.taxable_value);
  sums.iamt += sign * paise(document.igst);
  sums.camt += sign * paise(document.cgst);
  sums.samt += sign * paise(document.sgst);
  sums.csamt += sign * paise(document.cess);
}

/** The HSN summary's rows: one list before the May 2025 period, two from it. */
const hsnRowsOf = (file: Json): Json[] => [
  ...(file.hsn?.data ?? []),
  ...(file.hsn?.hsn_b2b ?? []),
  ...(file.hsn?.hsn_b2c ?? []),
];

/** Every amount of a GSTR-1 file, with where it is: a walk over its JSON. */
function amountsOf(value: unknown, where: string, out: [string, number][] = []): [string, number][] {
  if (value && typeof value === "object")
    for (const [key, v] of Object.entries(value)) amountsOf(v, `${where}/${key}`, out);
  else if (typeof value === "number") out.push([where, value]);
  return out;
}

async function listAll(
  call: (op: string, o?: Json) => Promise<CallResult>,
  operationId: string,
  month: string,
) {
  const rows: Json[] = [];
  let starting_after: string | undefined;
  for (;;) {
    const res = await call(operationId, {
      query: {
        date_from: `${month}-01`,
        date_to: `${month}-28`,
        limit: 100,
        ...(starting_after ? { starting_after } : {}),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...res.body.data);
    if (!res.body.has_more) return rows;
    starting_after = res.body.data.at(-1).id;
  }
}

describe(`GSTR-1 and e-invoices of ${MONTHS} random months`, () => {
  it("every e-invoice passes the IRP's arithmetic, and the return adds up to the month's documents", {
    timeout: timeoutFor(MONTHS, 1_000),
  }, async ({ api }) => {
    const made = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MONTH_LIST),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (month, steps) => {
          const tenant = await createTenant(api.database.handle.db, { gstin: GSTINS.karnataka });
          const call = callerWith(api, tenant.testKey);
          const created = async (operationId: string, body: Json) => {
            const res = await call(operationId, { body });
            expect(res.status, `${operationId} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(
              201,
            );
            return res.body;
          };
          for (const product of PRODUCTS) {
            const { id } = await created("createProduct", { ...product, track_stock: false });
            if (product.sku === "CAR") {
              const car = { accountId: tenant.accountId, productId: id };
              await keepEarlierRates(api.database.handle.db, car, RATE_REFORM_DATE, CAR_BEFORE_REFORM);
            }
          }
          const partyIds = {} as Record<PartyName, string>;
          for (const [name, body] of Object.entries(PARTIES) as [PartyName, Json][])
            partyIds[name] = (await created("createParty", { type: "customer", ...body })).id;

          const invoices: { body: Json; date: string; party: PartyName }[] = [];
          const dateOf = (d: number) => `${month}-${pad(d)}`;
          for (const s of steps) {
            if (s.op === "invoice") {
              const zeroRated = ZERO_RATED.includes(s.party);
              const items = s.lines.map((l) => {
                const gross = BigInt(l.qtyMilli) * BigInt(l.rateMilli);
                const discountPaise = ((gross / 10_000n) * BigInt(l.discountPercent)) / 100n;
                return {
                  sku: l.sku,
                  qty: l.qtyMilli / 1000,
                  rate: l.rateMilli / 1000,
                  ...(discountPaise > 0n ? { discount: rupees(discountPaise) } : {}),
                };
              });
              const body = await created("createInvoice", {
                party_id: partyIds[s.party],
                date: dateOf(s.day),
                items,
                ...(s.reverseCharge && REGISTERED.includes(s.party) ? { reverse_charge: true } : {}),
                ...(s.underLut && zeroRated ? { under_lut: true } : {}),
                ...(s.deemedExport && REGISTERED.includes(s.party) ? { deemed_export: true } : {}),
              });
              invoices.push({ body, date: dateOf(s.day), party: s.party });
              continue;
            }
            const target = invoices[s.at % Math.max(1, invoices.length)];
            if (!target) continue;
            let res: CallResult;
            if (s.op === "cancel") {
              res = await call("cancelInvoice", {
                path: { id: target.body.id },
                body: { reason: "2", remark: "Entered twice" },
              });
            } else {
              const date = dateOf(Math.max(s.day, Number(target.date.slice(8))));
              const first = target.body.items[0];
              if (s.op === "debit") {
                const items = [{ sku: first.sku, taxable_value: rupees(s.paise) }];
                res = await call("createDebitNote", {
                  body: { invoice_id: target.body.id, date, reason: "price_revision", items },
                });
              } else {
                const qtyMilli = Math.max(1, Math.floor((Math.round(first.qty * 1000) * s.percent) / 100));
                const valuePaise = Math.max(1, Math.floor((paise(first.taxable_value) * s.percent) / 100));
                const credited =
                  s.kind === "whole"
                    ? { whole: true }
                    : s.kind === "qty"
                      ? { items: [{ sku: first.sku, qty: qtyMilli / 1000 }] }
                      : { items: [{ sku: first.sku, taxable_value: rupees(valuePaise) }] };
                res = await call("createCreditNote", {
                  body: { invoice_id: target.body.id, date, reason: "sales_return", ...credited },
                });
              }
            }
            if (res.status >= 400)
              expect(EXPECTED_REFUSALS, JSON.stringify(res.body)).toContain(res.body.code);
            else made.set(s.op, (made.get(s.op) ?? 0) + 1);
          }

          const [year, mm] = month.split("-");
          const fp = `${mm}${year}`;
          const portal = await call("retrieveGstr1", { path: { period: fp } });
          expect(portal.status, JSON.stringify(portal.body)).toBe(200);
          const summaryRes = await call("retrieveGstr1", {
            path: { period: fp },
            query: { format: "summary" },
          });
          expect(summaryRes.status, JSON.stringify(summaryRes.body)).toBe(200);
          const file = portal.body as Json;
          const summary = summaryRes.body as Json;

          const listedInvoices = await listAll(call, "listInvoices", month);
          const credits = await listAll(call, "listCreditNotes", month);
          const debits = await listAll(call, "listDebitNotes", month);
          expect(listedInvoices).toHaveLength(invoices.length);

          // The IRP's arithmetic, on every document that has an e-invoice.
          const registeredValue = new Map<string, number>();
          for (const [operationId, documents] of [
            ["retrieveInvoiceEinvoice", listedInvoices],
            ["retrieveCreditNoteEinvoice", credits],
            ["retrieveDebitNoteEinvoice", debits],
          ] as const) {
            for (const document of documents) {
              if (!document.irn) continue;
              const res = await call(operationId, { path: { id: document.id } });
              expect(res.status, JSON.stringify(res.body)).toBe(200);
              registeredValue.set(document.number, res.body.ValDtls.TotInvVal);
              expectIrpArithmetic(
                res.body,
                document,
                operationId === "retrieveInvoiceEinvoice" ? "invoice" : "note",
              );
            }
          }

          // Amounts in whole paise, CGST equal to SGST in every row.
          for (const [where, value] of amountsOf(file, "")) {
            if (/\/(txval|iamt|camt|samt|csamt|val)$/.test(where)) expectTwoDecimals(value, where);
          }
          const rows: Json[] = [
            ...(file.b2b ?? []).flatMap((g: Json) =>
              g.inv.flatMap((i: Json) => i.itms.map((x: Json) => x.itm_det)),
            ),
            ...(file.cdnr ?? []).flatMap((g: Json) =>
              g.nt.flatMap((n: Json) => n.itms.map((x: Json) => x.itm_det)),
            ),
            ...(file.b2cs ?? []),
            ...hsnRowsOf(file),
          ];
          for (const row of rows) expect(row.camt ?? 0).toBe(row.samt ?? 0);

          // Every live invoice in the one section its buyer and value put it in, once, with its own
          // tax, and the value the IRP registered for it.
          const live = listedInvoices.filter((inv) => inv.status !== "cancelled");
          const reported = new Map<string, { section: string; itms: Json[]; val: number; head: Json }>();
          const report = (section: string, inv: Json, itms: Json[], head: Json) => {
            expect(reported.has(inv.inum), `${inv.inum} twice`).toBe(false);
            reported.set(inv.inum, { section, itms, val: inv.val, head: { idt: inv.idt, ...head } });
          };
          const itemDetails = (inv: Json) => inv.itms.map((x: Json) => x.itm_det);
          for (const g of file.b2b ?? [])
            for (const inv of g.inv)
              report("b2b", inv, itemDetails(inv), {
                ctin: g.ctin,
                pos: inv.pos,
                rchrg: inv.rchrg,
                inv_typ: inv.inv_typ,
              });
          for (const g of file.b2cl ?? [])
            for (const inv of g.inv) report("b2cl", inv, itemDetails(inv), { pos: g.pos });
          for (const g of file.exp ?? [])
            for (const inv of g.inv) report("exp", inv, inv.itms, { exp_typ: g.exp_typ });
          /** What the portal reads off each section's invoice besides its items, from the invoice. */
          const headOf = (inv: Json, section: string): Json => {
            const idt = inv.date.split("-").reverse().join("-");
            const paid = paise(inv.igst) > 0;
            if (section === "exp") return { idt, exp_typ: paid ? "WPAY" : "WOPAY" };
            if (section === "b2cl") return { idt, pos: inv.place_of_supply };
            const inv_typ = inv.sez ? (paid ? "SEWP" : "SEWOP") : inv.deemed_export ? "DE" : "R";
            return {
              idt,
              ctin: inv.party.gstin,
              pos: inv.place_of_supply,
              rchrg: inv.reverse_charge ? "Y" : "N",
              inv_typ,
            };
          };
          const sectionOf = (inv: Json) => {
            if (inv.place_of_supply === "96") return "exp";
            if (inv.party.gstin) return "b2b";
            return inv.supply_type === "inter_state" && paise(inv.total) > b2clAbovePaise(inv.date)
              ? "b2cl"
              : "b2cs";
          };
          for (const inv of live) {
            const section = sectionOf(inv);
            const entry = reported.get(inv.number);
            if (section === "b2cs") {
              expect(entry, inv.number).toBeUndefined();
              continue;
            }
            expect(entry?.section, inv.number).toBe(section);
            expect(entry?.head, inv.number).toEqual(headOf(inv, section));
            const sums = noTax();
            for (const itm of entry?.itms ?? []) addTax(sums, itm, 1);
            const own = noTax();
            addDocument(own, inv, 1);
            expect(sums, inv.number).toEqual(own);
            expect(paise(entry?.val ?? 0), inv.number).toBe(
              paise(registeredValue.get(inv.number) ?? inv.total),
            );
          }
          expect(reported.size).toBe(live.filter((inv) => sectionOf(inv) !== "b2cs").length);

          // Every note where its invoice puts it (cdnr for a B2B invoice, cdnur for a B2CL invoice or
          // an export, within b2cs otherwise), once, with its own tax, head and registered value.
          const reportedNotes = new Map<string, Json>();
          for (const g of file.cdnr ?? [])
            for (const nt of g.nt) reportedNotes.set(nt.nt_num, { ...nt, section: "cdnr", ctin: g.ctin });
          for (const nt of file.cdnur ?? []) reportedNotes.set(nt.nt_num, { ...nt, section: "cdnur" });
          expect(reportedNotes.size).toBe(
            (file.cdnr ?? []).reduce((n: number, g: Json) => n + g.nt.length, 0) + (file.cdnur ?? []).length,
          );
          const notes: Json[] = [
            ...credits.map((n) => ({ ...n, ntty: "C" })),
            ...debits.map((n) => ({ ...n, ntty: "D" })),
          ];
          for (const note of notes) {
            const invoice = listedInvoices.find((inv) => inv.id === note.invoice_id) as Json;
            const section = sectionOf(invoice);
            const entry = reportedNotes.get(note.number);
            if (section === "b2cs") {
              expect(entry, note.number).toBeUndefined();
              continue;
            }
            const head = {
              ntty: note.ntty,
              nt_dt: note.date.split("-").reverse().join("-"),
              pos: invoice.place_of_supply,
            };
            if (section === "b2b") {
              const { ctin, rchrg, inv_typ } = headOf(invoice, "b2b");
              expect(entry, note.number).toMatchObject({ ...head, section: "cdnr", ctin, rchrg, inv_typ });
            } else {
              const typ = section === "b2cl" ? "B2CL" : paise(invoice.igst) > 0 ? "EXPWP" : "EXPWOP";
              // An export's note has no place of supply in the portal's table 9B.
              const { pos, ...withoutPos } = head;
              expect(entry, note.number).toMatchObject({ ...withoutPos, section: "cdnur", typ });
              expect(entry?.pos, note.number).toBe(section === "b2cl" ? pos : undefined);
            }
            const sums = noTax();
            for (const x of entry?.itms ?? []) addTax(sums, x.itm_det, 1);
            const own = noTax();
            addDocument(own, note, 1);
            expect(sums, note.number).toEqual(own);
            const registered = registeredValue.get(note.number);
            if (registered !== undefined) expect(paise(entry?.val), note.number).toBe(paise(registered));
          }
          expect(reportedNotes.size).toBe(
            notes.filter(
              (n) => sectionOf(listedInvoices.find((inv) => inv.id === n.invoice_id) as Json) !== "b2cs",
            ).length,
          );

          // The sections add up to the documents, tax by tax: notes of type C take off, D add.
          const sections = noTax();
          for (const g of file.b2b ?? [])
            for (const inv of g.inv) for (const x of inv.itms) addTax(sections, x.itm_det, 1);
          for (const g of file.b2cl ?? [])
            for (const inv of g.inv) for (const x of inv.itms) addTax(sections, x.itm_det, 1);
          for (const g of file.exp ?? [])
            for (const inv of g.inv) for (const x of inv.itms) addTax(sections, x, 1);
          for (const row of file.b2cs ?? []) addTax(sections, row, 1);
          for (const g of file.cdnr ?? [])
            for (const nt of g.nt)
              for (const x of nt.itms) addTax(sections, x.itm_det, nt.ntty === "C" ? -1 : 1);
          for (const nt of file.cdnur ?? [])
            for (const x of nt.itms) addTax(sections, x.itm_det, nt.ntty === "C" ? -1 : 1);
          const documents = noTax();
          for (const inv of live) addDocument(documents, inv, 1);
          for (const note of credits) addDocument(documents, note, -1);
          for (const note of debits) addDocument(documents, note, 1);
          expect(sections).toEqual(documents);

          // The HSN summary too: every product has its code.
          const hsn = noTax();
          for (const row of hsnRowsOf(file)) addTax(hsn, row, 1);
          expect(hsn).toEqual(documents);

          // One row per key in the summed sections.
          const keysOf = (rows: Json[], key: (row: Json) => string) => new Set(rows.map(key)).size;
          const b2csRows: Json[] = file.b2cs ?? [];
          expect(keysOf(b2csRows, (r) => `${r.sply_ty} ${r.pos} ${r.rt}`)).toBe(b2csRows.length);
          // Before May 2025 one list (`data`), then one for registered buyers and one for the rest.
          for (const split of [file.hsn?.data ?? [], file.hsn?.hsn_b2b ?? [], file.hsn?.hsn_b2c ?? []])
            expect(keysOf(split, (r) => `${r.hsn_sc} ${r.uqc} ${r.rt}`)).toBe(split.length);

          // The summary counts and sums each section as the file has it, notes as positive amounts.
          const summarised = (name: string, count: number, rows: Json[]) => {
            const sums = noTax();
            for (const row of rows) addTax(sums, row, 1);
            const got = summary.sections[name];
            expect(
              {
                count: got.count,
                txval: paise(got.taxable_value),
                iamt: paise(got.igst),
                camt: paise(got.cgst),
                samt: paise(got.sgst),
                csamt: paise(got.cess),
              },
              name,
            ).toEqual({ count, ...sums });
          };
          const invoicesIn = (section: Json[] | undefined): Json[] => (section ?? []).flatMap((g) => g.inv);
          const details = (documents: Json[]) => documents.flatMap((d) => d.itms.map((x: Json) => x.itm_det));
          summarised("b2b", invoicesIn(file.b2b).length, details(invoicesIn(file.b2b)));
          summarised("b2cl", invoicesIn(file.b2cl).length, details(invoicesIn(file.b2cl)));
          summarised(
            "exp",
            invoicesIn(file.exp).length,
            invoicesIn(file.exp).flatMap((i) => i.itms),
          );
          summarised("b2cs", b2csRows.length, b2csRows);
          const cdnr: Json[] = (file.cdnr ?? []).flatMap((g: Json) => g.nt);
          summarised("cdnr", cdnr.length, details(cdnr));
          summarised("cdnur", (file.cdnur ?? []).length, details(file.cdnur ?? []));
          const hsnRows = hsnRowsOf(file);
          summarised("hsn", hsnRows.length, hsnRows);

          // doc_issue counts every number issued in the month and the cancelled ones.
          const kinds = new Map<number, { totnum: number; cancel: number; net_issue: number }>();
          for (const det of file.doc_issue?.doc_det ?? []) {
            const sum = { totnum: 0, cancel: 0, net_issue: 0 };
            for (const d of det.docs) {
              expect(d.net_issue).toBe(d.totnum - d.cancel);
              sum.totnum += d.totnum;
              sum.cancel += d.cancel;
              sum.net_issue += d.net_issue;
            }
            kinds.set(det.doc_num, sum);
          }
          const cancelled = listedInvoices.length - live.length;
          expect(kinds.get(1) ?? { totnum: 0, cancel: 0, net_issue: 0 }).toEqual({
            totnum: listedInvoices.length,
            cancel: cancelled,
            net_issue: live.length,
          });
          expect(kinds.get(4)?.totnum ?? 0).toBe(debits.length);
          expect(kinds.get(5)?.totnum ?? 0).toBe(credits.length);
          expect(summary.doc_issue).toEqual({
            issued: listedInvoices.length + debits.length + credits.length,
            cancelled,
            net_issued: listedInvoices.length + debits.length + credits.length - cancelled,
          });
        },
      ),
      // Random months may hold no note or cancellation that goes through: this one holds each.
      { numRuns: MONTHS, examples: [["2025-10", EVERY_KIND]] },
    );
    for (const kind of ["credit", "debit", "cancel"]) expect(made.get(kind), kind).toBeGreaterThan(0);
  });
});
