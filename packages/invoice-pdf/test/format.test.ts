import { describe, expect, it } from "vitest";
import {
  formatCountry,
  formatDate,
  formatHalfPercent,
  formatIstTimestamp,
  formatMoney,
  formatPercent,
  formatQuantity,
  formatRupeeAmount,
  formatState,
  formatUnitPrice,
  groupIndian,
} from "../src/format.js";

describe("Indian digit grouping", () => {
  it.each([
    ["0", "0"],
    ["999", "999"],
    ["1000", "1,000"],
    ["99999", "99,999"],
    ["100000", "1,00,000"],
    ["123456", "1,23,456"],
    ["1234567", "12,34,567"],
    ["12345678", "1,23,45,678"],
    ["99999999999", "99,99,99,99,999"],
  ])("groups %s as %s", (digits, grouped) => {
    expect(groupIndian(digits)).toBe(grouped);
  });
});

describe("money", () => {
  it("prints rupees with two decimals and Indian grouping", () => {
    expect(formatMoney(123456.5)).toBe("1,23,456.50");
    expect(formatRupeeAmount(123456.5)).toBe("₹1,23,456.50");
    expect(formatMoney(0)).toBe("0.00");
    expect(formatMoney(4366)).toBe("4,366.00");
    expect(formatMoney(99999999999.99)).toBe("99,99,99,99,999.99");
  });

  it("prints exactly the decimal the JSON number was written as, never a float's expansion", () => {
    // 0.1 + 0.2 would be 0.30000000000000004; amounts are read as decimals, not added as floats.
    expect(formatMoney(2299.77)).toBe("2,299.77");
    expect(formatMoney(0.07)).toBe("0.07");
    expect(formatMoney(10899.77)).toBe("10,899.77");
  });

  it("refuses an amount with more than two decimals rather than rounding it silently", () => {
    expect(() => formatMoney(1.005)).toThrow(/decimal/);
  });

  it("prints a negative round-off with its sign before the rupee sign", () => {
    expect(formatMoney(-0.27)).toBe("-0.27");
    expect(formatRupeeAmount(-0.27)).toBe("-₹0.27");
  });
});

describe("quantities, unit prices and rates", () => {
  it("prints a quantity with the decimals it has", () => {
    expect(formatQuantity(23)).toBe("23");
    expect(formatQuantity(2.5)).toBe("2.5");
    expect(formatQuantity(1250.5)).toBe("1,250.5");
    expect(formatQuantity(0.125)).toBe("0.125");
  });

  it("prints a unit price with two or three decimals", () => {
    expect(formatUnitPrice(1500)).toBe("1,500.00");
    expect(formatUnitPrice(99.99)).toBe("99.99");
    expect(formatUnitPrice(2310.255)).toBe("2,310.255");
  });

  it("prints GST rates and their halves exactly", () => {
    expect(formatPercent(18)).toBe("18%");
    expect(formatPercent(0.25)).toBe("0.25%");
    expect(formatHalfPercent(18)).toBe("9%");
    expect(formatHalfPercent(5)).toBe("2.5%");
    expect(formatHalfPercent(0.25)).toBe("0.125%");
    expect(formatHalfPercent(7.5)).toBe("3.75%");
    expect(formatHalfPercent(0.1)).toBe("0.05%");
    expect(formatHalfPercent(0)).toBe("0%");
  });
});

describe("dates, states and countries", () => {
  it("prints a document date as dd-Mon-yyyy", () => {
    expect(formatDate("2026-11-23")).toBe("23-Nov-2026");
    expect(formatDate("2027-01-05")).toBe("05-Jan-2027");
    expect(() => formatDate("23/11/2026")).toThrow(RangeError);
  });

  it("prints the IRP's acknowledgement time in India time", () => {
    expect(formatIstTimestamp("2026-11-23T05:00:01.000Z")).toBe("23-Nov-2026 10:30:01 IST");
    // 20:00 UTC is past midnight in India.
    expect(formatIstTimestamp("2026-03-31T20:00:00Z")).toBe("01-Apr-2026 01:30:00 IST");
  });

  it("names states with their codes, and countries in English", () => {
    expect(formatState("27")).toBe("Maharashtra (27)");
    expect(formatState("96")).toBe("Other Countries (96)");
    expect(formatState("04")).toBe("Chandigarh (04)");
    expect(formatCountry("US")).toBe("United States (US)");
    expect(formatCountry("AE")).toBe("United Arab Emirates (AE)");
  });
});
