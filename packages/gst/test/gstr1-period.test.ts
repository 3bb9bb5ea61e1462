import { describe, expect, it } from "vitest";
import { gstr1PeriodRange, parseGstr1Period } from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

describe("parseGstr1Period", () => {
  it("reads MMYYYY and YYYY-MM to the same period", () => {
    expect(parseGstr1Period("042026")).toEqual({ year: 2026, month: 4, fp: "042026" });
    expect(parseGstr1Period("2026-04")).toEqual({ year: 2026, month: 4, fp: "042026" });
    expect(parseGstr1Period("122025")).toEqual({ year: 2025, month: 12, fp: "122025" });
    expect(parseGstr1Period("2017-07")).toEqual({ year: 2017, month: 7, fp: "072017" });
  });

  it("refuses other layouts, impossible months and periods before GST", () => {
    for (const bad of [
      "062017",
      "2017-06",
      "132026",
      "002026",
      "2026-13",
      "2026-4",
      "42026",
      "2026-27",
      "04-2026",
      "30002",
      "",
    ]) {
      expectGstError(() => parseGstr1Period(bad), "invalid_period");
    }
  });
});

describe("gstr1PeriodRange", () => {
  it("gives the first and last dates of the month", () => {
    expect(gstr1PeriodRange(parseGstr1Period("022024"))).toEqual({
      start: "2024-02-01",
      end: "2024-02-29",
    });
    expect(gstr1PeriodRange(parseGstr1Period("2026-02"))).toEqual({
      start: "2026-02-01",
      end: "2026-02-28",
    });
    expect(gstr1PeriodRange(parseGstr1Period("042026"))).toEqual({
      start: "2026-04-01",
      end: "2026-04-30",
    });
    expect(gstr1PeriodRange(parseGstr1Period("122026"))).toEqual({
      start: "2026-12-01",
      end: "2026-12-31",
    });
  });
});
