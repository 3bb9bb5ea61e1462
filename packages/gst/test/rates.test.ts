import { describe, expect, it } from "vitest";
import {
  CESS_END_DATE,
  GST_RATE_REFORM_DATE,
  GST_START_DATE,
  gstRatesInForce,
  isCessRateAllowed,
  isRateInForce,
  parseMilli,
} from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

const rates = (...values: number[]) => values.map(parseMilli);

describe("gstRatesInForce", () => {
  it("lists the slabs from 22 September 2025", () => {
    expect(GST_RATE_REFORM_DATE).toBe("2025-09-22");
    expect(gstRatesInForce("2025-09-22")).toEqual(rates(0, 0.25, 3, 5, 18, 40));
    expect(gstRatesInForce("2027-01-01")).toEqual(rates(0, 0.25, 3, 5, 18, 40));
  });

  it("lists the older slabs before it, back to the start of GST", () => {
    const old = rates(0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28);
    expect(gstRatesInForce("2025-09-21")).toEqual(old);
    expect(gstRatesInForce(GST_START_DATE)).toEqual(old);
  });

  it("has no rates before 1 July 2017", () => {
    expect(gstRatesInForce("2017-06-30")).toEqual([]);
  });

  it("refuses an invalid date", () => {
    expectGstError(() => gstRatesInForce("2025-09-31"), "invalid_date");
  });
});

describe("isRateInForce", () => {
  it("decides by the document date", () => {
    expect(isRateInForce(40_000n, "2025-09-22")).toBe(true);
    expect(isRateInForce(40_000n, "2025-09-21")).toBe(false);
    expect(isRateInForce(28_000n, "2025-09-21")).toBe(true);
    expect(isRateInForce(28_000n, "2025-09-22")).toBe(false);
    expect(isRateInForce(12_000n, "2026-04-01")).toBe(false);
    expect(isRateInForce(250n, "2018-01-01")).toBe(true);
    expect(isRateInForce(250n, "2026-01-01")).toBe(true);
    expect(isRateInForce(18_500n, "2026-01-01")).toBe(false);
    expect(isRateInForce(-18_000n, "2026-01-01")).toBe(false);
    expect(isRateInForce(18_000n, "2017-06-30")).toBe(false);
  });
});

describe("isCessRateAllowed", () => {
  it("allows zero always and a positive rate only before 1 February 2026", () => {
    expect(CESS_END_DATE).toBe("2026-02-01");
    expect(isCessRateAllowed(0n, "2026-02-01")).toBe(true);
    expect(isCessRateAllowed(0n, "2010-01-01")).toBe(true);
    expect(isCessRateAllowed(12_000n, "2026-01-31")).toBe(true);
    expect(isCessRateAllowed(12_000n, "2026-02-01")).toBe(false);
    expect(isCessRateAllowed(1_000n, "2017-06-30")).toBe(false);
    expect(isCessRateAllowed(-1n, "2025-01-01")).toBe(false);
  });

  it("refuses an invalid date", () => {
    expectGstError(() => isCessRateAllowed(0n, "20260201"), "invalid_date");
  });
});
