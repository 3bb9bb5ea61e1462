import { describe, expect, it } from "vitest";
import {
  b2clThresholdOn,
  checkPeriodHasBegun,
  hasSplitHsnSummary,
  minimumHsnDigits,
  numericToNumber,
  parseGstr1Period,
  precedingFinancialYear,
} from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

describe("b2clThresholdOn", () => {
  it("is ₹2,50,000 for invoices up to 31 July 2024 and ₹1,00,000 from 1 August 2024", () => {
    expect(b2clThresholdOn("2017-07-01")).toBe(250_000_00n);
    expect(b2clThresholdOn("2024-07-31")).toBe(250_000_00n);
    expect(b2clThresholdOn("2024-08-01")).toBe(100_000_00n);
    expect(b2clThresholdOn("2026-11-22")).toBe(100_000_00n);
  });
});

describe("hasSplitHsnSummary", () => {
  it("splits the HSN summary from the May 2025 period on", () => {
    expect(hasSplitHsnSummary(parseGstr1Period("042025"))).toBe(false);
    expect(hasSplitHsnSummary(parseGstr1Period("122024"))).toBe(false);
    expect(hasSplitHsnSummary(parseGstr1Period("052025"))).toBe(true);
    expect(hasSplitHsnSummary(parseGstr1Period("012026"))).toBe(true);
  });
});

describe("minimumHsnDigits", () => {
  it("asks 6 digits only above ₹5 crore of turnover", () => {
    expect(minimumHsnDigits(0n)).toBe(4);
    expect(minimumHsnDigits(5_00_00_000_00n)).toBe(4);
    expect(minimumHsnDigits(5_00_00_000_01n)).toBe(6);
  });
});

describe("checkPeriodHasBegun", () => {
  it("allows the running month and earlier ones, refuses later ones", () => {
    expect(() => checkPeriodHasBegun(parseGstr1Period("112026"), "2026-11-01")).not.toThrow();
    expect(() => checkPeriodHasBegun(parseGstr1Period("102026"), "2026-11-01")).not.toThrow();
    expectGstError(() => checkPeriodHasBegun(parseGstr1Period("122026"), "2026-11-30"), "invalid_period");
  });
});

describe("numericToNumber", () => {
  it("reads numeric text as the same decimal number", () => {
    expect(numericToNumber("665.96", 2)).toBe(665.96);
    expect(numericToNumber("4366.00", 2)).toBe(4366);
    expect(numericToNumber("0.10", 2)).toBe(0.1);
    expect(numericToNumber("18.000", 3)).toBe(18);
    expect(numericToNumber("0.250", 3)).toBe(0.25);
    expect(numericToNumber("99999999999.99", 2)).toBe(99999999999.99);
    expect(numericToNumber("0.00", 2)).toBe(0);
    expect(numericToNumber("007.50", 2)).toBe(7.5);
    expect(numericToNumber("1.050", 2)).toBe(1.05);
    expect(numericToNumber("123456789012.345", 3)).toBe(123456789012.345);
  });

  it("refuses more decimals than the scale, negatives and too many digits", () => {
    expectGstError(() => numericToNumber("1.005", 2), "too_many_decimals");
    expectGstError(() => numericToNumber("-1.00", 2), "invalid_decimal");
    expectGstError(() => numericToNumber("1e3", 2), "invalid_decimal");
    expectGstError(() => numericToNumber("1234567890123456.00", 2), "amount_out_of_range");
    expectGstError(() => numericToNumber("1234567890123.456", 3), "amount_out_of_range");
    expectGstError(() => numericToNumber("", 2), "invalid_decimal");
    expectGstError(() => numericToNumber(".5", 2), "invalid_decimal");
    expectGstError(() => numericToNumber("1.2.3", 2), "invalid_decimal");
    expectGstError(() => numericToNumber("1.5x", 2), "invalid_decimal");
  });
});

describe("precedingFinancialYear", () => {
  it("is the April–March year before the date's", () => {
    expect(precedingFinancialYear("2025-05-15")).toBe("2024-25");
    expect(precedingFinancialYear("2025-03-31")).toBe("2023-24");
    expect(precedingFinancialYear("2026-04-01")).toBe("2025-26");
  });
});
