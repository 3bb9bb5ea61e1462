import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  daysInMonth,
  financialYearOf,
  financialYearRange,
  formatIsoDate,
  isValidFinancialYear,
} from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

describe("financialYearOf", () => {
  it("runs April to March", () => {
    expect(financialYearOf("2026-04-01")).toBe("2026-27");
    expect(financialYearOf("2027-03-31")).toBe("2026-27");
    expect(financialYearOf("2026-03-31")).toBe("2025-26");
    expect(financialYearOf("1999-04-01")).toBe("1999-00");
    expect(financialYearOf("2099-06-01")).toBe("2099-00");
    expect(financialYearOf("1900-01-01")).toBe("1899-00");
  });

  it("refuses an invalid date", () => {
    expectGstError(() => financialYearOf("2026-02-30"), "invalid_date");
  });
});

describe("isValidFinancialYear", () => {
  it("needs the second year to follow the first", () => {
    for (const fy of ["2026-27", "1999-00", "2099-00", "1899-00", "2999-00"]) {
      expect(isValidFinancialYear(fy)).toBe(true);
    }
    for (const fy of ["2026-28", "2026-26", "2026-2027", "26-27", "2026/27", "1898-99", "3000-01", ""]) {
      expect(isValidFinancialYear(fy)).toBe(false);
    }
  });
});

describe("financialYearRange", () => {
  it("gives the first and last dates", () => {
    expect(financialYearRange("2026-27")).toEqual({ start: "2026-04-01", end: "2027-03-31" });
    expect(financialYearRange("1999-00")).toEqual({ start: "1999-04-01", end: "2000-03-31" });
  });

  it("refuses a bad label", () => {
    expectGstError(() => financialYearRange("2026-28"), "invalid_financial_year");
  });

  it("property: every date lies within the range of its financial year", () => {
    const date = fc
      .tuple(
        fc.integer({ min: 1900, max: 2999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
      )
      .map(([year, month, day]) =>
        formatIsoDate({ year, month, day: Math.min(day, daysInMonth(year, month)) }),
      );
    fc.assert(
      fc.property(date, (d) => {
        const { start, end } = financialYearRange(financialYearOf(d));
        expect(start <= d && d <= end).toBe(true);
      }),
    );
  });
});
