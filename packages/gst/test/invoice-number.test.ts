import { describe, expect, it } from "vitest";
import {
  assertSeriesTemplate,
  formatSeriesNumber,
  INVOICE_NUMBER_PATTERN,
  isValidInvoiceNumber,
  MAX_INVOICE_NUMBER_LENGTH,
} from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

describe("isValidInvoiceNumber", () => {
  it("follows Rule 46 as Bahi issues numbers", () => {
    expect(INVOICE_NUMBER_PATTERN.source).toBe("^[A-Z1-9][A-Z0-9/-]{0,15}$");
    expect(MAX_INVOICE_NUMBER_LENGTH).toBe(16);
    for (const n of ["1", "INV/26-27/00001", "A".repeat(16), "2026-27/0001", "X-1"]) {
      expect(isValidInvoiceNumber(n)).toBe(true);
    }
    for (const n of ["", "0001", "/INV", "-INV", "inv/1", "INV 1", "INV_1", "A".repeat(17)]) {
      expect(isValidInvoiceNumber(n)).toBe(false);
    }
  });
});

describe("formatSeriesNumber", () => {
  const fy = "2026-27";

  it("fills the financial year and the zero-padded sequence", () => {
    expect(formatSeriesNumber("INV/{FY:short}/{SEQ:5}", { financialYear: fy, seq: 1 })).toBe(
      "INV/26-27/00001",
    );
    expect(formatSeriesNumber("{FY}/{SEQ:4}", { financialYear: fy, seq: 42 })).toBe("2026-27/0042");
    expect(formatSeriesNumber("{SEQ}", { financialYear: fy, seq: 7 })).toBe("7");
    expect(formatSeriesNumber("A{SEQ:2}", { financialYear: fy, seq: 123 })).toBe("A123");
    expect(formatSeriesNumber("S{SEQ:3}-{FY:short}", { financialYear: "1999-00", seq: 9 })).toBe(
      "S009-99-00",
    );
  });

  it("refuses a number longer than 16 characters, such as INV/{FY}/{SEQ:6}", () => {
    expectGstError(
      () => formatSeriesNumber("INV/{FY}/{SEQ:6}", { financialYear: fy, seq: 1 }),
      "invoice_number_too_long",
    );
    expect(formatSeriesNumber("INV/{FY:short}/{SEQ:5}", { financialYear: fy, seq: 999999 })).toBe(
      "INV/26-27/999999",
    );
    expectGstError(
      () => formatSeriesNumber("INV/{FY:short}/{SEQ:5}", { financialYear: fy, seq: 1000000 }),
      "invoice_number_too_long",
    );
  });

  it("refuses a number that would start with 0", () => {
    expectGstError(
      () => formatSeriesNumber("{SEQ:3}", { financialYear: fy, seq: 1 }),
      "invalid_invoice_number",
    );
  });

  it("refuses bad templates", () => {
    for (const template of [
      "INV/{FY}",
      "{SEQ}/{SEQ}",
      "INV/{YEAR}/{SEQ}",
      "inv/{SEQ}",
      "INV {SEQ}",
      "INV{/{SEQ}",
      "INV}/{SEQ}",
      "{SEQ:0}",
      "{SEQ:17}",
      "{SEQ:}",
      "{FY:long}{SEQ}",
      "",
    ]) {
      expectGstError(
        () => formatSeriesNumber(template, { financialYear: fy, seq: 1 }),
        "invalid_series_template",
      );
    }
  });

  it("refuses a bad financial year or sequence", () => {
    expectGstError(
      () => formatSeriesNumber("INV{SEQ}", { financialYear: "2026-28", seq: 1 }),
      "invalid_financial_year",
    );
    for (const seq of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expectGstError(() => formatSeriesNumber("INV{SEQ}", { financialYear: fy, seq }), "invalid_sequence");
    }
  });
});

describe("assertSeriesTemplate", () => {
  it("accepts a template that can issue numbers and refuses one that cannot", () => {
    expect(() => assertSeriesTemplate("INV/{FY:short}/{SEQ:5}")).not.toThrow();
    expectGstError(() => assertSeriesTemplate("INV/{FY}/{SEQ:6}"), "invoice_number_too_long");
    expectGstError(() => assertSeriesTemplate("{SEQ:4}"), "invalid_invoice_number");
    expectGstError(() => assertSeriesTemplate("INV"), "invalid_series_template");
  });
});
