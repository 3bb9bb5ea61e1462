import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GST_STATES,
  GSTIN_PATTERN,
  gstinCheckChar,
  hasValidCheckChar,
  isValidGstin,
  isValidPan,
  PAN_PATTERN,
  panFromGstin,
  stateFromGstin,
  validateGstin,
} from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

describe("gstinCheckChar", () => {
  it("matches the vectors of gst.md", () => {
    expect(gstinCheckChar("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckChar("29AABCU9603R1Z")).toBe("J");
    expect(gstinCheckChar("07AAACR5055K1Z")).toBe("9");
    expect(gstinCheckChar("22AAAAA0000A1Z")).toBe("C");
  });

  it("refuses a body that is not 14 characters of 0-9/A-Z", () => {
    for (const bad of ["27AAPFU0939F1", "27AAPFU0939F1ZV", "27aapfu0939f1z", "27AAPFU0939F1-", ""]) {
      expectGstError(() => gstinCheckChar(bad), "invalid_gstin");
    }
  });
});

describe("validateGstin", () => {
  it("accepts the valid vectors and returns state and PAN", () => {
    expect(validateGstin("27AAPFU0939F1ZV")).toEqual({
      ok: true,
      gstin: "27AAPFU0939F1ZV",
      stateCode: "27",
      pan: "AAPFU0939F",
    });
    expect(isValidGstin("29AABCU9603R1ZJ")).toBe(true);
    expect(isValidGstin("07AAACR5055K1Z9")).toBe(true);
  });

  it("reports a wrong check character", () => {
    const result = validateGstin("22AAAAA0000A1Z5");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toBe("check_char");
      expect(result.message).toContain("22AAAAA0000A1Z5");
    }
  });

  it("reports a pattern mismatch without trimming or upper-casing", () => {
    for (const bad of [
      "",
      "27AAPFU0939F1Z",
      "27AAPFU0939F1ZVX",
      "27aapfu0939f1zv",
      " 27AAPFU0939F1ZV",
      "2AAAPFU0939F1ZV",
      "27AAPFU0939F0ZV",
      "27AAPFU0939F1CV",
    ]) {
      expect(validateGstin(bad)).toMatchObject({ ok: false, reason: "pattern" });
    }
  });

  it("reports an unknown state code even with a correct check character", () => {
    expect(validateGstin("00AAPFU0939F1ZB")).toMatchObject({ ok: false, reason: "state_code" });
    expect(validateGstin("96AAPFU0939F1ZQ")).toMatchObject({ ok: false, reason: "state_code" });
    expect(validateGstin("99AAPFU0939F1ZK")).toMatchObject({ ok: false, reason: "state_code" });
  });

  it("accepts the legacy state codes 25 and 28 inside GSTINs", () => {
    expect(validateGstin("25AAPFU0939F1ZZ")).toMatchObject({ ok: true, stateCode: "25" });
    expect(validateGstin("28AAPFU0939F1ZT")).toMatchObject({ ok: true, stateCode: "28" });
  });

  const body = fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 14, maxLength: 14 });

  it("property: a body plus its check character passes, any other last character fails", () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...ALPHABET), (first14, other) => {
        const check = gstinCheckChar(first14);
        expect(hasValidCheckChar(first14 + check)).toBe(true);
        if (other !== check) expect(hasValidCheckChar(first14 + other)).toBe(false);
      }),
    );
  });

  const letters = (length: number) =>
    fc.string({
      unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
      minLength: length,
      maxLength: length,
    });
  const digits = (length: number) =>
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: length, maxLength: length });
  const gstinBody = fc
    .tuple(
      fc.constantFrom(...GST_STATES.filter((s) => s.use !== "export").map((s) => s.code)),
      letters(5),
      digits(4),
      letters(1),
      fc.constantFrom(..."123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    )
    .map((parts) => `${parts.join("")}Z`);

  it("property: a well-formed body plus its check character validates, another character does not", () => {
    fc.assert(
      fc.property(gstinBody, fc.constantFrom(...ALPHABET), (first14, other) => {
        const check = gstinCheckChar(first14);
        expect(validateGstin(first14 + check)).toMatchObject({
          ok: true,
          pan: first14.slice(2, 12),
        });
        if (other !== check) {
          expect(validateGstin(first14 + other)).toMatchObject({ ok: false, reason: "check_char" });
        }
      }),
    );
  });
});

describe("hasValidCheckChar", () => {
  it("needs exactly 15 characters of the alphabet", () => {
    expect(hasValidCheckChar("27AAPFU0939F1ZV")).toBe(true);
    expect(hasValidCheckChar("27AAPFU0939F1ZW")).toBe(false);
    expect(hasValidCheckChar("27AAPFU0939F1Z")).toBe(false);
    expect(hasValidCheckChar("27aapfu0939f1zv")).toBe(false);
    expect(hasValidCheckChar("")).toBe(false);
  });
});

describe("panFromGstin and stateFromGstin", () => {
  it("extract PAN and state from a valid GSTIN", () => {
    expect(panFromGstin("27AAPFU0939F1ZV")).toBe("AAPFU0939F");
    expect(panFromGstin("07AAACR5055K1Z9")).toBe("AAACR5055K");
    expect(stateFromGstin("29AABCU9603R1ZJ")).toBe("29");
    expect(stateFromGstin("25AAPFU0939F1ZZ")).toBe("25");
  });

  it("refuse an invalid GSTIN", () => {
    expectGstError(() => panFromGstin("22AAAAA0000A1Z5"), "invalid_gstin");
    expectGstError(() => stateFromGstin("not a gstin"), "invalid_gstin");
  });
});

describe("PAN", () => {
  it("checks the PAN pattern", () => {
    expect(isValidPan("AAPFU0939F")).toBe(true);
    for (const bad of ["AAPFU0939", "aapfu0939f", "1APFU0939F", "AAPFU0939FF", "AAPF10939F", ""]) {
      expect(isValidPan(bad)).toBe(false);
    }
  });

  it("exports the patterns of gst.md", () => {
    expect(PAN_PATTERN.source).toBe("^[A-Z]{5}[0-9]{4}[A-Z]$");
    expect(GSTIN_PATTERN.source).toBe("^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$");
  });
});
