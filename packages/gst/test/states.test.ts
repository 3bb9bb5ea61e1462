import { describe, expect, it } from "vitest";
import {
  GST_STATES,
  getState,
  isGstinStateCode,
  isPlaceOfSupplyCode,
  isUtgstTerritory,
  isValidStateCode,
  OTHER_COUNTRIES_STATE_CODE,
} from "../src/index.js";

describe("state table", () => {
  it("has unique two-digit codes: 01–38 and 97 as states, 96 for exports, 25/28 legacy", () => {
    const codes = GST_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^\d{2}$/.test(code))).toBe(true);
    const current = GST_STATES.filter((s) => s.use === "state").map((s) => s.code);
    const expected = Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, "0"))
      .filter((code) => code !== "25" && code !== "28")
      .concat("97");
    expect(current).toEqual(expected);
    expect(getState("96")?.use).toBe("export");
    expect(getState("25")?.use).toBe("legacy");
    expect(getState("28")?.use).toBe("legacy");
  });

  it("names states as gst.md does", () => {
    expect(getState("29")?.name).toBe("Karnataka");
    expect(getState("26")?.name).toBe("Dadra and Nagar Haveli and Daman and Diu");
    expect(getState("97")?.name).toBe("Other Territory");
    expect(getState(OTHER_COUNTRIES_STATE_CODE)?.name).toBe("Other Countries");
    expect(getState("00")).toBeUndefined();
    expect(getState("99")).toBeUndefined();
  });
});

describe("code checks", () => {
  it("isValidStateCode accepts current states and union territories only", () => {
    for (const code of ["01", "07", "29", "37", "38", "97"]) expect(isValidStateCode(code)).toBe(true);
    for (const code of ["00", "25", "28", "39", "96", "99", "7", "007", "", "ab"]) {
      expect(isValidStateCode(code)).toBe(false);
    }
  });

  it("isPlaceOfSupplyCode adds 96, still not the legacy codes", () => {
    expect(isPlaceOfSupplyCode("96")).toBe(true);
    expect(isPlaceOfSupplyCode("27")).toBe(true);
    expect(isPlaceOfSupplyCode("25")).toBe(false);
    expect(isPlaceOfSupplyCode("00")).toBe(false);
  });

  it("isGstinStateCode adds the legacy codes, not 96", () => {
    expect(isGstinStateCode("25")).toBe(true);
    expect(isGstinStateCode("28")).toBe(true);
    expect(isGstinStateCode("27")).toBe(true);
    expect(isGstinStateCode("96")).toBe(false);
    expect(isGstinStateCode("99")).toBe(false);
  });

  it("isUtgstTerritory is true for union territories without a legislature", () => {
    for (const code of ["04", "26", "31", "35", "38", "97"]) expect(isUtgstTerritory(code)).toBe(true);
    // Delhi, Puducherry and Jammu and Kashmir have legislatures: SGST.
    for (const code of ["07", "34", "01", "29", "96", "00"]) expect(isUtgstTerritory(code)).toBe(false);
  });
});
