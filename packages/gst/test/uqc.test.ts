import { describe, expect, it } from "vitest";
import { isUqc, UQC_CODES, UQC_NOT_APPLICABLE } from "../src/index.js";

describe("UQC", () => {
  it("holds the 45 portal codes of gst.md and NA", () => {
    expect(UQC_CODES).toHaveLength(46);
    expect(new Set(UQC_CODES).size).toBe(46);
    expect(UQC_CODES).toContain(UQC_NOT_APPLICABLE);
    expect(UQC_CODES.every((code) => /^[A-Z]{2,3}$/.test(code))).toBe(true);
  });

  it("isUqc accepts listed codes exactly as written", () => {
    for (const code of ["KGS", "NOS", "PCS", "LTR", "OTH", "NA", "YDS", "BAG"])
      expect(isUqc(code)).toBe(true);
    for (const code of ["KG", "kgs", "PIECES", "", " NOS"]) expect(isUqc(code)).toBe(false);
  });
});
