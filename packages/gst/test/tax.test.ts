import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GstErrorCode, InvoiceTaxInput, TaxItemInput } from "../src/index.js";
import {
  CESS_END_DATE,
  computeInvoiceTax,
  GST_STATES,
  gstRatesInForce,
  MAX_DOCUMENT_AMOUNT,
  MAX_INVOICE_ITEMS,
  MAX_SCALED_VALUE,
  parseMilli,
  parseRupees,
  supplyTypeOf,
} from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

const rupees = (value: string) => parseRupees(value);

/** An item from the decimals a person would write: qty, unit price, GST %. */
function item(
  qty: string,
  rate: string,
  gstRate: string,
  extra: { discount?: string; cess_rate?: string } = {},
): TaxItemInput {
  return {
    qty: parseMilli(qty),
    rate: parseMilli(rate),
    gst_rate: parseMilli(gstRate),
    ...(extra.discount === undefined ? {} : { discount: rupees(extra.discount) }),
    ...(extra.cess_rate === undefined ? {} : { cess_rate: parseMilli(extra.cess_rate) }),
  };
}

function invoice(overrides: Partial<InvoiceTaxInput> & Pick<InvoiceTaxInput, "items">): InvoiceTaxInput {
  return { date: "2026-04-10", supplier_state: "29", place_of_supply: "29", ...overrides };
}

describe("supplyTypeOf", () => {
  it("is intra-state only for the same state, not for exports or SEZ", () => {
    expect(supplyTypeOf("29", "29")).toBe("intra_state");
    expect(supplyTypeOf("29", "27")).toBe("inter_state");
    expect(supplyTypeOf("29", "96")).toBe("inter_state");
    expect(supplyTypeOf("29", "29", true)).toBe("inter_state");
  });
});

describe("computeInvoiceTax golden invoices (computed by hand)", () => {
  it("intra-state 18% with odd paise: 3 × 99.99", () => {
    // gross 299.97; CGST = SGST = 299.97 × 9% = 26.9973 → 27.00; 299.97 + 54.00 = 353.97 → 354.00.
    const tax = computeInvoiceTax(invoice({ items: [item("3", "99.99", "18")] }));
    expect(tax.supply_type).toBe("intra_state");
    expect(tax.utgst).toBe(false);
    expect(tax.reverse_charge).toBe(false);
    expect(tax.items).toEqual([
      {
        gross: rupees("299.97"),
        discount: 0n,
        taxable_value: rupees("299.97"),
        gst_rate: 18_000n,
        cgst: rupees("27.00"),
        sgst: rupees("27.00"),
        igst: 0n,
        cess_rate: 0n,
        cess: 0n,
        total: rupees("353.97"),
      },
    ]);
    expect(tax).toMatchObject({
      gross: rupees("299.97"),
      discount: 0n,
      taxable_value: rupees("299.97"),
      cgst: rupees("27.00"),
      sgst: rupees("27.00"),
      igst: 0n,
      cess: 0n,
      round_off: rupees("0.03"),
      total: rupees("354.00"),
    });
  });

  it("inter-state IGST: 2 × 1,234.56 at 18%", () => {
    // 2,469.12 × 18% = 444.4416 → 444.44; 2,913.56 → 2,914.00, round-off +0.44.
    const tax = computeInvoiceTax(invoice({ place_of_supply: "27", items: [item("2", "1234.56", "18")] }));
    expect(tax.supply_type).toBe("inter_state");
    expect(tax).toMatchObject({
      taxable_value: rupees("2469.12"),
      cgst: 0n,
      sgst: 0n,
      igst: rupees("444.44"),
      round_off: rupees("0.44"),
      total: rupees("2914.00"),
    });
  });

  it("rounds a half paisa up: 10.10 at 5% IGST", () => {
    // 10.10 × 5% = 0.505 → 0.51; 10.61 → 11.00, round-off +0.39.
    const tax = computeInvoiceTax(invoice({ place_of_supply: "07", items: [item("1", "10.10", "5")] }));
    expect(tax).toMatchObject({
      igst: rupees("0.51"),
      round_off: rupees("0.39"),
      total: rupees("11.00"),
    });
  });

  it("splits 0.25% into 0.125% halves, each rounded on its own", () => {
    // 999.99 × 0.125% = 1.2499875 → 1.25 each; 1,002.49 → 1,002.00, round-off −0.49.
    const tax = computeInvoiceTax(invoice({ items: [item("1", "999.99", "0.25")] }));
    expect(tax).toMatchObject({
      cgst: rupees("1.25"),
      sgst: rupees("1.25"),
      round_off: rupees("-0.49"),
      total: rupees("1002.00"),
    });
  });

  it("labels UTGST in a union territory without a legislature (Chandigarh within 04)", () => {
    // 1,000 × 12% (dated before the reform) = 60 + 60.
    const tax = computeInvoiceTax(
      invoice({
        date: "2025-01-10",
        supplier_state: "04",
        place_of_supply: "04",
        items: [item("1", "1000", "12")],
      }),
    );
    expect(tax).toMatchObject({
      supply_type: "intra_state",
      utgst: true,
      cgst: rupees("60.00"),
      sgst: rupees("60.00"),
      total: rupees("1120.00"),
      round_off: 0n,
    });
    const outside = computeInvoiceTax(
      invoice({
        date: "2025-01-10",
        supplier_state: "04",
        place_of_supply: "03",
        items: [item("1", "1000", "12")],
      }),
    );
    expect(outside).toMatchObject({
      supply_type: "inter_state",
      utgst: false,
      igst: rupees("120.00"),
    });
    const delhi = computeInvoiceTax(
      invoice({ supplier_state: "07", place_of_supply: "07", items: [item("1", "100", "5")] }),
    );
    expect(delhi.utgst).toBe(false);
  });

  it("taxes an export (place of supply 96) as IGST, with or without payment of tax", () => {
    // 5 × 200 = 1,000 × 18% = 180 IGST.
    const withTax = computeInvoiceTax(
      invoice({ supplier_state: "27", place_of_supply: "96", items: [item("5", "200", "18")] }),
    );
    expect(withTax).toMatchObject({
      supply_type: "inter_state",
      utgst: false,
      igst: rupees("180.00"),
      cgst: 0n,
    });
    expect(withTax.total).toBe(rupees("1180.00"));
    // Under a LUT the same goods keep their 18% and 1% cess on the lines, but no tax is charged.
    const underLut = computeInvoiceTax(
      invoice({
        supplier_state: "27",
        place_of_supply: "96",
        date: "2025-06-10",
        under_lut: true,
        items: [item("5", "200.25", "18", { cess_rate: "1" })],
      }),
    );
    expect(underLut).toMatchObject({
      supply_type: "inter_state",
      under_lut: true,
      taxable_value: rupees("1001.25"),
      igst: 0n,
      cgst: 0n,
      sgst: 0n,
      cess: 0n,
      round_off: rupees("-0.25"),
      total: rupees("1001.00"),
    });
    expect(underLut.items[0]).toMatchObject({
      gst_rate: parseMilli("18"),
      cess_rate: parseMilli("1"),
      igst: 0n,
    });
    expect(withTax.under_lut).toBe(false);
  });

  it("charges no IGST on a supply to an SEZ under a LUT, even in the supplier's state", () => {
    const tax = computeInvoiceTax(invoice({ sez: true, under_lut: true, items: [item("2", "50", "18")] }));
    expect(tax).toMatchObject({
      supply_type: "inter_state",
      under_lut: true,
      igst: 0n,
      cgst: 0n,
      total: rupees("100.00"),
    });
  });

  it("refuses a LUT on a supply that is not zero-rated", () => {
    for (const placeOfSupply of ["29", "27"]) {
      expectGstError(
        () =>
          computeInvoiceTax(
            invoice({ place_of_supply: placeOfSupply, under_lut: true, items: [item("1", "100", "18")] }),
          ),
        "not_zero_rated",
        "/under_lut",
      );
    }
  });

  it("taxes a supply to an SEZ in the same state as IGST", () => {
    const tax = computeInvoiceTax(invoice({ sez: true, items: [item("1", "100", "18")] }));
    expect(tax).toMatchObject({
      supply_type: "inter_state",
      igst: rupees("18.00"),
      cgst: 0n,
      sgst: 0n,
    });
  });

  it("taxes a deemed export as the same supply would be taxed otherwise", () => {
    for (const placeOfSupply of ["29", "27"]) {
      const items = [item("3", "33.35", "18"), item("1.255", "80.5", "5")];
      const deemed = computeInvoiceTax(
        invoice({ place_of_supply: placeOfSupply, deemed_export: true, items }),
      );
      const plain = computeInvoiceTax(invoice({ place_of_supply: placeOfSupply, items }));
      expect(deemed.deemed_export).toBe(true);
      expect(plain.deemed_export).toBe(false);
      expect({ ...deemed, deemed_export: false }).toEqual(plain);
    }
    const intraState = computeInvoiceTax(invoice({ deemed_export: true, items: [item("3", "33.35", "18")] }));
    // 100.05 × 9% = 9.0045 → 9.00 each half.
    expect(intraState).toMatchObject({
      supply_type: "intra_state",
      cgst: rupees("9.00"),
      sgst: rupees("9.00"),
    });
  });

  it("refuses a deemed export that is an export or a supply to an SEZ", () => {
    for (const zeroRated of [{ place_of_supply: "96" }, { sez: true }, { sez: true, under_lut: true }]) {
      expectGstError(
        () =>
          computeInvoiceTax(invoice({ ...zeroRated, deemed_export: true, items: [item("1", "100", "18")] })),
        "deemed_export_zero_rated",
        "/deemed_export",
      );
    }
  });

  it("shows reverse-charge tax but leaves it out of the totals the buyer pays", () => {
    // 500 × 18% = 45 + 45 shown; line and invoice total 500.00.
    const tax = computeInvoiceTax(invoice({ reverse_charge: true, items: [item("1", "500", "18")] }));
    expect(tax.reverse_charge).toBe(true);
    expect(tax.items[0]).toMatchObject({
      cgst: rupees("45.00"),
      sgst: rupees("45.00"),
      total: rupees("500.00"),
    });
    expect(tax).toMatchObject({
      cgst: rupees("45.00"),
      sgst: rupees("45.00"),
      round_off: 0n,
      total: rupees("500.00"),
    });
    // 100.40 → 100.00, round-off −0.40, tax (18.07 IGST) still not added.
    const odd = computeInvoiceTax(
      invoice({ reverse_charge: true, place_of_supply: "33", items: [item("1", "100.40", "18")] }),
    );
    expect(odd).toMatchObject({
      igst: rupees("18.07"),
      round_off: rupees("-0.40"),
      total: rupees("100.00"),
    });
  });

  it("handles 3-decimal quantities and unit prices: 1.255 kg × 80.50", () => {
    // 1.255 × 80.50 = 101.0275 → 101.03; 2.5% of it = 2.52575 → 2.53 each; 106.09 → 106.00.
    const tax = computeInvoiceTax(invoice({ items: [item("1.255", "80.50", "5"), item("3", "0.333", "0")] }));
    expect(tax.items[0]).toMatchObject({
      gross: rupees("101.03"),
      cgst: rupees("2.53"),
      sgst: rupees("2.53"),
      total: rupees("106.09"),
    });
    // 3 × 0.333 = 0.999 → 1.00.
    expect(tax.items[1]).toMatchObject({ gross: rupees("1.00"), total: rupees("1.00") });
    expect(tax).toMatchObject({
      taxable_value: rupees("102.03"),
      round_off: rupees("-0.09"),
      total: rupees("107.00"),
    });
  });

  it("subtracts a discount before tax", () => {
    // 10 × 250 = 2,500 − 125.50 = 2,374.50; 18% IGST = 427.41; 2,801.91 → 2,802.00.
    const tax = computeInvoiceTax(
      invoice({ place_of_supply: "27", items: [item("10", "250", "18", { discount: "125.50" })] }),
    );
    expect(tax).toMatchObject({
      gross: rupees("2500.00"),
      discount: rupees("125.50"),
      taxable_value: rupees("2374.50"),
      igst: rupees("427.41"),
      round_off: rupees("0.09"),
      total: rupees("2802.00"),
    });
  });

  it("accepts a discount equal to the gross (a free line)", () => {
    const tax = computeInvoiceTax(invoice({ items: [item("2", "50", "18", { discount: "100" })] }));
    expect(tax).toMatchObject({ taxable_value: 0n, cgst: 0n, total: 0n, round_off: 0n });
  });

  it("levies cess on documents before 1 February 2026 and rounds a half rupee up", () => {
    // 1,000 × 28% + 12% cess: 140 + 140 + 120 = 1,400. Second line 10.50 at 0%: total 1,410.50 → 1,411.
    const tax = computeInvoiceTax(
      invoice({
        date: "2025-06-01",
        items: [item("1", "1000", "28", { cess_rate: "12" }), item("1", "10.50", "0")],
      }),
    );
    expect(tax).toMatchObject({
      cgst: rupees("140.00"),
      sgst: rupees("140.00"),
      cess: rupees("120.00"),
      round_off: rupees("0.50"),
      total: rupees("1411.00"),
    });
    expect(tax.items[0]?.cess_rate).toBe(12_000n);
  });

  it("takes the 40% slab from 22 September 2025", () => {
    const tax = computeInvoiceTax(invoice({ date: "2025-09-22", items: [item("1", "100", "40")] }));
    expect(tax).toMatchObject({
      cgst: rupees("20.00"),
      sgst: rupees("20.00"),
      total: rupees("140.00"),
    });
  });

  it("accepts up to MAX_INVOICE_ITEMS items", () => {
    expect(MAX_INVOICE_ITEMS).toBe(1000);
    const items = Array.from({ length: MAX_INVOICE_ITEMS }, () => item("1", "0.01", "18"));
    const tax = computeInvoiceTax(invoice({ items }));
    // Each 0.01 × 9% = 0.0009 → 0.00: tax per line rounds away, the totals follow the lines.
    expect(tax).toMatchObject({ taxable_value: rupees("10.00"), cgst: 0n, total: rupees("10.00") });
  });
});

describe("computeInvoiceTax refuses bad input", () => {
  const good = item("1", "100", "18");

  it("names the field of the invoice", () => {
    expectGstError(
      () => computeInvoiceTax(invoice({ date: "2026-02-30", items: [good] })),
      "invalid_date",
      "/date",
    );
    expectGstError(
      () => computeInvoiceTax(invoice({ supplier_state: "96", items: [good] })),
      "invalid_state_code",
      "/supplier_state",
    );
    expectGstError(
      () => computeInvoiceTax(invoice({ supplier_state: "25", items: [good] })),
      "invalid_state_code",
      "/supplier_state",
    );
    expectGstError(
      () => computeInvoiceTax(invoice({ place_of_supply: "00", items: [good] })),
      "invalid_place_of_supply",
      "/place_of_supply",
    );
    expectGstError(() => computeInvoiceTax(invoice({ items: [] })), "no_items", "/items");
    const tooMany = Array.from({ length: MAX_INVOICE_ITEMS + 1 }, () => good);
    expectGstError(() => computeInvoiceTax(invoice({ items: tooMany })), "too_many_items", "/items");
  });

  it("names the field of the item", () => {
    const cases: [TaxItemInput, GstErrorCode, string][] = [
      [{ ...good, qty: 0n }, "invalid_quantity", "/items/1/qty"],
      [{ ...good, qty: -1000n }, "invalid_quantity", "/items/1/qty"],
      [{ ...good, rate: -1n }, "invalid_unit_price", "/items/1/rate"],
      [{ ...good, discount: -1n }, "invalid_discount", "/items/1/discount"],
      [{ ...good, discount: rupees("100.01") }, "discount_exceeds_gross", "/items/1/discount"],
      [{ ...good, gst_rate: 28_000n }, "rate_not_in_force", "/items/1/gst_rate"],
      [{ ...good, gst_rate: 17_000n }, "rate_not_in_force", "/items/1/gst_rate"],
      [{ ...good, cess_rate: -1n }, "invalid_cess_rate", "/items/1/cess_rate"],
      [{ ...good, cess_rate: 12_000n }, "cess_not_in_force", "/items/1/cess_rate"],
    ];
    for (const [bad, code, pointer] of cases) {
      expectGstError(() => computeInvoiceTax(invoice({ items: [good, bad] })), code, pointer);
    }
  });

  it("refuses cess from the day it ended", () => {
    const cess = item("1", "100", "18", { cess_rate: "1" });
    expect(computeInvoiceTax(invoice({ date: "2026-01-31", items: [cess] })).cess).toBe(rupees("1.00"));
    expectGstError(
      () => computeInvoiceTax(invoice({ date: CESS_END_DATE, items: [cess] })),
      "cess_not_in_force",
      "/items/0/cess_rate",
    );
  });

  it(`refuses amounts beyond MAX_DOCUMENT_AMOUNT (${MAX_DOCUMENT_AMOUNT} paise), the contract's Money maximum`, () => {
    const huge: TaxItemInput = { qty: MAX_SCALED_VALUE, rate: 1_000_000n, gst_rate: 0n };
    expectGstError(() => computeInvoiceTax(invoice({ items: [huge] })), "amount_out_of_range", "/items/0");
    // Each line fits, the sum does not.
    const big = item("1", "9999999999", "18");
    expectGstError(
      () => computeInvoiceTax(invoice({ items: Array.from({ length: 10 }, () => big) })),
      "amount_out_of_range",
      "/items",
    );
    // At the limit to the rupee it is taken; 99,999,999,999.50 fits but rounds up beyond it.
    const atLimit: TaxItemInput = { qty: 1_000n, rate: 99_999_999_999_000n, gst_rate: 0n };
    expect(computeInvoiceTax(invoice({ items: [atLimit] })).total).toBe(MAX_DOCUMENT_AMOUNT - 99n);
    const edge: TaxItemInput = { qty: 1_000n, rate: 99_999_999_999_500n, gst_rate: 0n };
    expectGstError(() => computeInvoiceTax(invoice({ items: [edge] })), "amount_out_of_range", "/items");
    const lineOver: TaxItemInput = { qty: 1_000n, rate: (MAX_DOCUMENT_AMOUNT + 1n) * 10n, gst_rate: 0n };
    expectGstError(
      () => computeInvoiceTax(invoice({ items: [lineOver] })),
      "amount_out_of_range",
      "/items/0",
    );
  });
});

describe("computeInvoiceTax properties", () => {
  const stateCodes = GST_STATES.filter((s) => s.use === "state").map((s) => s.code);
  const dates = [
    "2017-07-01",
    "2024-11-15",
    "2025-09-21",
    "2025-09-22",
    "2026-01-31",
    "2026-02-01",
    "2027-03-31",
  ];

  const itemFor = (date: string) =>
    fc
      .record({
        qty: fc.bigInt({ min: 1n, max: 10_000_000n }),
        rate: fc.bigInt({ min: 0n, max: 100_000_000n }),
        discountPercent: fc.bigInt({ min: 0n, max: 100n }),
        gst_rate: fc.constantFrom(...gstRatesInForce(date)),
        cess_rate: date < CESS_END_DATE ? fc.constantFrom(0n, 1_000n, 12_000n, 15_000n) : fc.constant(0n),
      })
      .map(
        ({ discountPercent, ...rest }): TaxItemInput => ({
          ...rest,
          // Never above the gross, which is qty × rate / 10,000 rounded half-up.
          discount: (((rest.qty * rest.rate) / 10_000n) * discountPercent) / 100n,
        }),
      );

  const invoiceInput: fc.Arbitrary<InvoiceTaxInput> = fc
    .tuple(fc.constantFrom(...dates), fc.constantFrom(...stateCodes))
    .chain(([date, supplierState]) =>
      fc.record({
        date: fc.constant(date),
        supplier_state: fc.constant(supplierState),
        // Same state half the time, so intra-state invoices are well covered.
        place_of_supply: fc.oneof(fc.constant(supplierState), fc.constantFrom(...stateCodes, "96")),
        reverse_charge: fc.boolean(),
        sez: fc.boolean(),
        items: fc.array(itemFor(date), { minLength: 1, maxLength: 20 }),
      }),
    )
    // A LUT half the time where the supply is zero-rated: the only supplies that may take one.
    .chain((input) =>
      input.sez || input.place_of_supply === "96"
        ? fc.boolean().map((under_lut) => ({ ...input, under_lut }))
        : fc.constant(input),
    );

  const amountFields = ["gross", "discount", "taxable_value", "cgst", "sgst", "igst", "cess"] as const;

  it("totals equal the sums of the lines", () => {
    fc.assert(
      fc.property(invoiceInput, (input) => {
        const tax = computeInvoiceTax(input);
        for (const field of amountFields) {
          expect(tax[field]).toBe(tax.items.reduce((sum, line) => sum + line[field], 0n));
        }
        const lineTotals = tax.items.reduce((sum, line) => sum + line.total, 0n);
        expect(tax.total).toBe(lineTotals + tax.round_off);
      }),
    );
  });

  it("CGST equals SGST on every line, and only one of the two regimes applies", () => {
    fc.assert(
      fc.property(invoiceInput, (input) => {
        const tax = computeInvoiceTax(input);
        for (const line of tax.items) {
          expect(line.cgst).toBe(line.sgst);
          if (tax.supply_type === "intra_state") expect(line.igst).toBe(0n);
          else expect(line.cgst).toBe(0n);
          expect(line.taxable_value).toBe(line.gross - line.discount);
        }
      }),
    );
  });

  it("each tax is within half a paisa of the exact amount, and none is charged under a LUT", () => {
    fc.assert(
      fc.property(invoiceInput, (input) => {
        const tax = computeInvoiceTax(input);
        for (const line of tax.items) {
          if (tax.under_lut) {
            expect(line.cgst + line.sgst + line.igst + line.cess).toBe(0n);
            continue;
          }
          const exactIgstTimes100k = line.taxable_value * line.gst_rate;
          const levied = (line.cgst + line.sgst + line.igst) * 100_000n;
          // Two halves may each be off by half a paisa.
          const error = levied - exactIgstTimes100k;
          expect(error <= 100_000n && error >= -100_000n).toBe(true);
          const cessError = line.cess * 100_000n - line.taxable_value * line.cess_rate;
          expect(cessError <= 50_000n && cessError >= -50_000n).toBe(true);
        }
      }),
    );
  });

  it("the total is a whole rupee and |round_off| is below one rupee", () => {
    fc.assert(
      fc.property(invoiceInput, (input) => {
        const tax = computeInvoiceTax(input);
        expect(tax.total % 100n).toBe(0n);
        expect(tax.round_off > -50n && tax.round_off <= 50n).toBe(true);
      }),
    );
  });

  it("line totals carry the tax except under reverse charge", () => {
    fc.assert(
      fc.property(invoiceInput, (input) => {
        const tax = computeInvoiceTax(input);
        for (const line of tax.items) {
          const withTax = line.taxable_value + line.cgst + line.sgst + line.igst + line.cess;
          expect(line.total).toBe(input.reverse_charge === true ? line.taxable_value : withTax);
        }
      }),
    );
  });

  it("every amount is a bigint: no floats anywhere in the result", () => {
    const numbersIn = (value: unknown): unknown[] => {
      if (typeof value === "number") return [value];
      if (typeof value === "object" && value !== null) return Object.values(value).flatMap(numbersIn);
      return [];
    };
    fc.assert(
      fc.property(invoiceInput, (input) => {
        const tax = computeInvoiceTax(input);
        expect(numbersIn(tax)).toEqual([]);
        for (const field of [...amountFields, "round_off", "total"] as const) {
          expect(typeof tax[field]).toBe("bigint");
        }
      }),
    );
  });
});
