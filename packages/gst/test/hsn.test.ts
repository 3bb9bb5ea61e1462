import { describe, expect, it } from "vitest";
import { isService, isUnitValidForHsn, isValidHsn } from "../src/index.js";

describe("isValidHsn", () => {
  it("accepts 4, 6 or 8 digits", () => {
    for (const code of ["1006", "100630", "10063010", "9983", "998314", "01011010"]) {
      expect(isValidHsn(code)).toBe(true);
    }
  });

  it("refuses other lengths, non-digits and chapter 00", () => {
    for (const code of ["100", "10063", "1006301", "100630100", "10a6", " 1006", "", "0000", "00123456"]) {
      expect(isValidHsn(code)).toBe(false);
    }
  });
});

describe("isService", () => {
  it("is true for valid codes of chapter 99 only", () => {
    expect(isService("9983")).toBe(true);
    expect(isService("998314")).toBe(true);
    expect(isService("1006")).toBe(false);
    expect(isService("99")).toBe(false);
    expect(isService("99831")).toBe(false);
  });
});

describe("isUnitValidForHsn", () => {
  it("wants NA for services and a real UQC for goods", () => {
    expect(isUnitValidForHsn("998314", "NA")).toBe(true);
    expect(isUnitValidForHsn("998314", "NOS")).toBe(false);
    expect(isUnitValidForHsn("1006", "KGS")).toBe(true);
    expect(isUnitValidForHsn("1006", "NA")).toBe(false);
    expect(isUnitValidForHsn("1006", "KG")).toBe(false);
    expect(isUnitValidForHsn("100", "KGS")).toBe(false);
  });
});
