import { describe, expect, it } from "vitest";
import { parseRupees, readWrittenNumber } from "../src/index.js";

describe("readWrittenNumber", () => {
  it("reads Indian and international digit grouping", () => {
    expect(readWrittenNumber("1,23,456.50")).toBe("123456.50");
    expect(readWrittenNumber("12,34,56,789")).toBe("123456789");
    expect(readWrittenNumber("1,234")).toBe("1234");
    expect(readWrittenNumber("123,456,789.5")).toBe("123456789.5");
    expect(readWrittenNumber("99.99")).toBe("99.99");
    expect(readWrittenNumber(".5")).toBe("0.5");
    expect(readWrittenNumber("7.")).toBeNull();
  });

  it("drops a leading rupee sign or abbreviation, before or after the minus", () => {
    expect(readWrittenNumber("₹1,23,456.50")).toBe("123456.50");
    expect(readWrittenNumber("₹ 45")).toBe("45");
    expect(readWrittenNumber("Rs. 1,000")).toBe("1000");
    expect(readWrittenNumber("rs 12")).toBe("12");
    expect(readWrittenNumber("INR 5")).toBe("5");
    expect(readWrittenNumber("-₹5.25")).toBe("-5.25");
    expect(readWrittenNumber("₹-5.25")).toBe("-5.25");
    expect(readWrittenNumber("  -12  ")).toBe("-12");
  });

  it("refuses inconsistent grouping and anything that is not a number", () => {
    for (const text of [
      "1,2,3",
      "12,34",
      "1,23,4567",
      "1,2345",
      ",123",
      "123,",
      "abc",
      "",
      "₹",
      "1.2.3",
      "--1",
      "1 000",
      "$5",
      "12%",
      "1e",
    ]) {
      expect(readWrittenNumber(text), text).toBeNull();
    }
  });

  it("takes a trailing percent sign only when asked", () => {
    expect(readWrittenNumber("18%", { percent: true })).toBe("18");
    expect(readWrittenNumber("0.25 %", { percent: true })).toBe("0.25");
    expect(readWrittenNumber("18%")).toBeNull();
  });

  it("keeps Excel's exponent form for the exact parsers", () => {
    expect(readWrittenNumber("1.5E-2")).toBe("1.5E-2");
    expect(parseRupees(readWrittenNumber("1.5E+3") as string)).toBe(150_000n);
  });
});
