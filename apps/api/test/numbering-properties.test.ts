import { fixtures } from "@bahi/contract";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { callerWith } from "./support/api.js";
import { it } from "./support/fixtures.js";
import { HISTORY_RUNS, timeoutFor } from "./support/fuzz-runs.js";
import { createTenant, GSTINS } from "./support/tenants.js";

/**
 * Rule 46 under any history of an account's numbering: whatever formats and resets the account
 * chooses, in whatever order, and whatever creates fail between, invoice and credit note numbers are
 * unique within their financial year, never go back, and run on by one while the account keeps its
 * reset (a change of format keeps the serial number, as the spec says).
 */

/** Each up to 25 steps. */
const HISTORIES = HISTORY_RUNS;

// Many requests from one account, as fast as the server answers them.
it.override("apiOptions", { rateLimits: { perMinute: 1_000_000, perSecond: 1_000_000 } });

/** Formats with the year, without it, with the serial first or last; the last is too long (422). */
const INVOICE_FORMATS = [
  "INV/{FY:short}/{SEQ:6}",
  "{FY}/{SEQ:4}",
  "B-{SEQ:5}",
  "{SEQ:3}-{FY:short}",
  "SHOP1/{SEQ}",
  "VERYLONGPREFIX/{FY}/{SEQ:8}",
];
const CREDIT_FORMATS = ["CN/{FY:short}/{SEQ:6}", "CR-{SEQ:4}", "{FY:short}C{SEQ:2}"];
/** Dates in two financial years, 2025-26 and 2026-27, both before today. */
const DATES = ["2026-03-30", "2026-03-31", "2026-04-01", "2026-06-15", "2026-11-02"];

type Step =
  | { op: "invoice"; date: string; fails: boolean }
  | { op: "credit"; at: number; date: string }
  | { op: "format"; invoice: string | null; credit: string | null }
  | { op: "reset"; to: "yearly" | "never" };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("invoice" as const),
      date: fc.constantFrom(...DATES),
      fails: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("credit" as const),
      at: fc.nat(),
      date: fc.constantFrom(...DATES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("format" as const),
      invoice: fc.option(fc.constantFrom(...INVOICE_FORMATS), { nil: null }),
      credit: fc.option(fc.constantFrom(...CREDIT_FORMATS), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("reset" as const), to: fc.constantFrom("yearly", "never") }),
  },
);

/** The financial year of a date, as `2026-27`. */
function yearOf(date: string): string {
  const year = Number(date.slice(0, 4)) - (date.slice(5, 7) < "04" ? 1 : 0);
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}

/** The serial number a format put into a number, read back with the format as a pattern. */
function serialOf(format: string, number: string): number {
  const pattern = format
    .replace(/[/-]/g, "\\$&")
    .replace("{FY:short}", "\\d{2}-\\d{2}")
    .replace("{FY}", "\\d{4}-\\d{2}")
    .replace(/\{SEQ(:\d+)?\}/, "(\\d+)");
  const match = new RegExp(`^${pattern}$`).exec(number);
  expect(match, `${number} is not of the form ${format}`).not.toBeNull();
  return Number(match?.[1]);
}

interface Issued {
  number: string;
  serial: number;
  year: string;
  /** How many changes of reset came before it: runs of one value are where numbers run on by one. */
  resets: number;
  reset: "yearly" | "never";
}

/** Unique within each year, never back, and by one within a run of the same reset. */
function expectRule46(series: Issued[], what: string) {
  const byYear = new Map<string, Issued[]>();
  for (const doc of series) byYear.set(doc.year, [...(byYear.get(doc.year) ?? []), doc]);
  for (const [year, docs] of byYear) {
    expect(new Set(docs.map((d) => d.number)).size, `${what} ${year} unique`).toBe(docs.length);
  }
  for (let i = 1; i < series.length; i++) {
    const doc = series[i] as Issued;
    // The one series of `never` runs across years; `yearly` runs within each year.
    const previous = series
      .slice(0, i)
      .reverse()
      .find((d) => doc.reset === "never" || d.year === doc.year);
    if (!previous) continue;
    const numbers = series.map((d) => d.number).join(" ");
    expect(doc.serial, `${what}: ${numbers}`).toBeGreaterThan(previous.serial);
    if (previous.resets === doc.resets) expect(doc.serial, `${what}: ${numbers}`).toBe(previous.serial + 1);
  }
}

describe(`numbering under ${HISTORIES} random histories of formats, resets and failed creates`, () => {
  it("numbers are unique in their year, never go back, and run on by one while the reset holds", {
    timeout: timeoutFor(HISTORIES, 1_000),
  }, async ({ api }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const tenant = await createTenant(api.database.handle.db, { gstin: GSTINS.karnataka });
        const call = callerWith(api, tenant.testKey);
        const party = (await call("createParty", { body: fixtures.PartyCreateUnregistered })).body.id;
        await call("createProduct", { body: { ...fixtures.ProductCreate, opening_stock: 1000 } });
        const account = { invoice: INVOICE_FORMATS[0] as string, credit: CREDIT_FORMATS[0] as string };
        let reset: "yearly" | "never" = "yearly";
        let resets = 0;
        const invoices: (Issued & { id: string; date: string })[] = [];
        const credits: Issued[] = [];
        for (const s of steps) {
          if (s.op === "invoice") {
            // A failed create: more than the stock (409), after the number would have been chosen.
            const qty = s.fails ? 1_000_000 : 1;
            const res = await call("createInvoice", {
              body: { party_id: party, date: s.date, items: [{ sku: "PEN-01", qty, rate: 10 }] },
            });
            if (s.fails) {
              expect(res.body.code).toBe("insufficient_stock");
              continue;
            }
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            const { id, number } = res.body;
            const serial = serialOf(account.invoice, number);
            invoices.push({ id, number, serial, date: s.date, year: yearOf(s.date), resets, reset });
          } else if (s.op === "credit") {
            const invoice = invoices[s.at % Math.max(1, invoices.length)];
            if (!invoice) continue;
            const [, date = s.date] = [s.date, invoice.date].sort();
            const res = await call("createCreditNote", {
              body: {
                invoice_id: invoice.id,
                date,
                reason: "sales_return",
                items: [{ sku: "PEN-01", qty: 1 }],
              },
            });
            if (res.status !== 201) {
              expect(res.body.code).toBe("credit_exceeds_creditable");
              continue;
            }
            const { number } = res.body;
            credits.push({
              number,
              serial: serialOf(account.credit, number),
              year: yearOf(date),
              resets,
              reset,
            });
          } else if (s.op === "format") {
            const body = {
              ...(s.invoice ? { invoice_number_format: s.invoice } : {}),
              ...(s.credit ? { credit_note_number_format: s.credit } : {}),
            };
            if (Object.keys(body).length === 0) continue;
            const res = await call("updateAccount", { body });
            if (res.status === 422) {
              expect(res.body.code).toBe("invalid_number_format");
              continue;
            }
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            account.invoice = s.invoice ?? account.invoice;
            account.credit = s.credit ?? account.credit;
          } else {
            const res = await call("updateAccount", { body: { number_reset: s.to } });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            if (s.to !== reset) resets++;
            reset = s.to;
          }
        }
        expectRule46(invoices, "invoices");
        expectRule46(credits, "credit notes");
      }),
      { numRuns: HISTORIES },
    );
  });
});
