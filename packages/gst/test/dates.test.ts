import { describe, expect, it } from "vitest";
import {
  daysInMonth,
  formatIsoDate,
  isValidDate,
  parseIsoDate,
  todayInIst,
  toEinvoiceDate,
  toGstr1Date,
} from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

describe("isValidDate", () => {
  it("accepts real calendar dates, leap days included", () => {
    for (const date of ["2026-04-01", "2024-02-29", "2000-02-29", "2027-03-31", "1900-01-01", "2999-12-31"]) {
      expect(isValidDate(date)).toBe(true);
    }
  });

  it("refuses impossible dates, other layouts and years outside 1900–2999", () => {
    for (const date of [
      "2023-02-29",
      "1900-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-1-01",
      "26-04-01",
      "2026/04/01",
      "01-04-2026",
      "2026-04-01T00:00:00Z",
      "1899-12-31",
      "3000-01-01",
      "",
    ]) {
      expect(isValidDate(date)).toBe(false);
    }
  });
});

describe("parseIsoDate and formatIsoDate", () => {
  it("parse to numbers and format back", () => {
    expect(parseIsoDate("2026-04-05")).toEqual({ year: 2026, month: 4, day: 5 });
    expect(formatIsoDate({ year: 2026, month: 4, day: 5 })).toBe("2026-04-05");
  });

  it("refuse an invalid date with a typed error", () => {
    expectGstError(() => parseIsoDate("2026-02-30"), "invalid_date");
  });
});

describe("daysInMonth", () => {
  it("knows month lengths and the Gregorian leap rule", () => {
    expect(daysInMonth(2026, 1)).toBe(31);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });
});

describe("todayInIst", () => {
  it("turns at 18:30 UTC, the previous instant still being yesterday", () => {
    expect(todayInIst(new Date("2026-03-31T18:29:59.999Z"))).toBe("2026-03-31");
    expect(todayInIst(new Date("2026-03-31T18:30:00.000Z"))).toBe("2026-04-01");
    expect(todayInIst(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01");
  });

  it("refuses an invalid Date", () => {
    expectGstError(() => todayInIst(new Date("nonsense")), "invalid_instant");
  });
});

describe("document date formats", () => {
  it("formats dd/mm/yyyy for the e-invoice and dd-mm-yyyy for GSTR-1", () => {
    expect(toEinvoiceDate("2026-04-05")).toBe("05/04/2026");
    expect(toGstr1Date("2026-04-05")).toBe("05-04-2026");
    expect(toGstr1Date("2025-12-31")).toBe("31-12-2025");
  });

  it("refuse invalid dates", () => {
    expectGstError(() => toEinvoiceDate("05/04/2026"), "invalid_date");
    expectGstError(() => toGstr1Date("2026-02-29"), "invalid_date");
  });
});
