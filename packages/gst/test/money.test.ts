import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  divideRoundHalfUp,
  formatMilli,
  formatNumeric,
  formatRupees,
  MAX_SCALED_VALUE,
  milliToNumber,
  parseMilli,
  parseNumeric,
  parseRupees,
  roundToRupee,
  signedNumericToNumber,
  toRupees,
} from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

describe("parseRupees", () => {
  it("reads JSON numbers through their shortest decimal text", () => {
    expect(parseRupees(123.45)).toBe(12345n);
    expect(parseRupees(0.1)).toBe(10n);
    expect(parseRupees(100)).toBe(10000n);
    expect(parseRupees(-0.03)).toBe(-3n);
    expect(parseRupees(-0)).toBe(0n);
    expect(parseRupees(1e2)).toBe(10000n);
    expect(parseRupees(9999999999999.99)).toBe(MAX_SCALED_VALUE);
  });

  it("reads decimal strings, ignoring trailing zeros and accepting exponents", () => {
    expect(parseRupees("123.45")).toBe(12345n);
    expect(parseRupees("1.500")).toBe(150n);
    expect(parseRupees("0007.10")).toBe(710n);
    expect(parseRupees("1e2")).toBe(10000n);
    expect(parseRupees("1.5E+1")).toBe(1500n);
    expect(parseRupees("12345e-2")).toBe(12345n);
    expect(parseRupees("0e999999")).toBe(0n);
    expect(parseRupees("-0")).toBe(0n);
  });

  it("refuses more than 2 decimals, including float artefacts and tiny exponents", () => {
    expectGstError(() => parseRupees(1.234), "too_many_decimals");
    expectGstError(() => parseRupees(0.1 + 0.2), "too_many_decimals");
    expectGstError(() => parseRupees(1e-7), "too_many_decimals");
    expectGstError(() => parseRupees("0.001"), "too_many_decimals");
    expectGstError(() => parseRupees("1e-999999"), "too_many_decimals");
  });

  it("refuses amounts beyond 15 significant digits", () => {
    expectGstError(() => parseRupees(10000000000000), "amount_out_of_range");
    expectGstError(() => parseRupees(1e21), "amount_out_of_range");
    expectGstError(() => parseRupees("1e999999"), "amount_out_of_range");
    expectGstError(() => parseRupees(`1${"0".repeat(400)}`), "amount_out_of_range");
  });

  it("refuses what is not a decimal number", () => {
    for (const bad of ["", " 1", "1 ", "1.", ".5", "+1", "1,000", "abc", "1e", "0x10", "--1"]) {
      expectGstError(() => parseRupees(bad), "invalid_decimal");
    }
    expectGstError(() => parseRupees(Number.NaN), "invalid_decimal");
    expectGstError(() => parseRupees(Number.POSITIVE_INFINITY), "invalid_decimal");
  });
});

describe("parseMilli", () => {
  it("reads up to 3 decimals", () => {
    expect(parseMilli(1.255)).toBe(1255n);
    expect(parseMilli("80.5")).toBe(80500n);
    expect(parseMilli(0.005)).toBe(5n);
    expect(parseMilli(18)).toBe(18000n);
    expect(parseMilli(0.25)).toBe(250n);
  });

  it("refuses a fourth decimal and bad text", () => {
    expectGstError(() => parseMilli(1.2555), "too_many_decimals");
    expectGstError(() => parseMilli(5e-7), "too_many_decimals");
    expectGstError(() => parseMilli("1.2.3"), "invalid_decimal");
    expectGstError(() => parseMilli(1e15), "amount_out_of_range");
  });
});

describe("formatting", () => {
  it("toRupees gives a JSON number with at most 2 decimals", () => {
    expect(toRupees(12345n)).toBe(123.45);
    expect(toRupees(-3n)).toBe(-0.03);
    expect(toRupees(0n)).toBe(0);
    expect(toRupees(100n)).toBe(1);
    expect(JSON.stringify(toRupees(MAX_SCALED_VALUE))).toBe("9999999999999.99");
    expectGstError(() => toRupees(MAX_SCALED_VALUE + 1n), "amount_out_of_range");
    expectGstError(() => toRupees(-MAX_SCALED_VALUE - 1n), "amount_out_of_range");
  });

  it("milliToNumber gives a JSON number with at most 3 decimals", () => {
    expect(milliToNumber(1255n)).toBe(1.255);
    expect(milliToNumber(80500n)).toBe(80.5);
    expect(milliToNumber(-5n)).toBe(-0.005);
    expectGstError(() => milliToNumber(MAX_SCALED_VALUE + 1n), "amount_out_of_range");
  });

  it("formatRupees and formatMilli give fixed decimals", () => {
    expect(formatRupees(12345n)).toBe("123.45");
    expect(formatRupees(5n)).toBe("0.05");
    expect(formatRupees(-5n)).toBe("-0.05");
    expect(formatRupees(-12345n)).toBe("-123.45");
    expect(formatRupees(0n)).toBe("0.00");
    expect(formatMilli(1255n)).toBe("1.255");
    expect(formatMilli(5n)).toBe("0.005");
    expect(formatMilli(18000n)).toBe("18.000");
  });
});

describe("Postgres numeric", () => {
  it("parses driver text, allowing zeros from a wider column scale", () => {
    expect(parseNumeric("123.45", 2)).toBe(12345n);
    expect(parseNumeric("-0.03", 2)).toBe(-3n);
    expect(parseNumeric("1.2500000", 2)).toBe(125n);
    expect(parseNumeric("42", 3)).toBe(42000n);
    expect(parseNumeric("1.255", 3)).toBe(1255n);
  });

  it("refuses lost digits, exponents and special values", () => {
    expectGstError(() => parseNumeric("1.255", 2), "too_many_decimals");
    for (const bad of ["1e2", "NaN", "Infinity", "-Infinity", "", " 1.00"]) {
      expectGstError(() => parseNumeric(bad, 2), "invalid_decimal");
    }
  });

  it("formats fixed-scale text that reads back the same", () => {
    expect(formatNumeric(12345n, 2)).toBe("123.45");
    expect(formatNumeric(1255n, 3)).toBe("1.255");
    expect(formatNumeric(-1n, 3)).toBe("-0.001");
  });
});

describe("divideRoundHalfUp", () => {
  it("rounds halves away from zero", () => {
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfUp(5n, -2n)).toBe(-3n);
    expect(divideRoundHalfUp(-5n, -2n)).toBe(3n);
    expect(divideRoundHalfUp(7n, 2n)).toBe(4n);
    expect(divideRoundHalfUp(4n, 3n)).toBe(1n);
    expect(divideRoundHalfUp(5n, 3n)).toBe(2n);
    expect(divideRoundHalfUp(-4n, 3n)).toBe(-1n);
    expect(divideRoundHalfUp(0n, 7n)).toBe(0n);
    expect(divideRoundHalfUp(6n, 3n)).toBe(2n);
  });

  it("refuses division by zero", () => {
    expect(() => divideRoundHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it("is within half a unit of the exact quotient, symmetric, and away from zero on ties", () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt({ min: 1n, max: 10n ** 12n }), (n, d) => {
        const q = divideRoundHalfUp(n, d);
        const twiceRemainder = 2n * (n - q * d);
        expect(twiceRemainder <= d && twiceRemainder >= -d).toBe(true);
        if (twiceRemainder === d || twiceRemainder === -d) {
          const magnitude = (x: bigint) => (x < 0n ? -x : x);
          expect(magnitude(q * d) > magnitude(n)).toBe(true);
        }
        expect(divideRoundHalfUp(-n, d)).toBe(-q);
        expect(divideRoundHalfUp(n, -d)).toBe(-q);
      }),
    );
  });
});

describe("roundToRupee", () => {
  it("rounds to the nearest 100 paise, halves up", () => {
    expect(roundToRupee(35397n)).toBe(35400n);
    expect(roundToRupee(35350n)).toBe(35400n);
    expect(roundToRupee(35349n)).toBe(35300n);
    expect(roundToRupee(35300n)).toBe(35300n);
    expect(roundToRupee(-150n)).toBe(-200n);
  });
});

describe("round trips", () => {
  const amount = fc.bigInt({ min: -MAX_SCALED_VALUE, max: MAX_SCALED_VALUE });

  it("paise survive toRupees → JSON → parseRupees", () => {
    fc.assert(
      fc.property(amount, (paise) => {
        const json = JSON.stringify({ amount: toRupees(paise) });
        const { amount: back } = JSON.parse(json) as { amount: number };
        expect(parseRupees(back)).toBe(paise);
      }),
    );
  });

  it("milli-units survive milliToNumber → parseMilli", () => {
    fc.assert(
      fc.property(amount, (milli) => {
        expect(parseMilli(milliToNumber(milli))).toBe(milli);
      }),
    );
  });

  it("signedNumericToNumber of numeric text is toRupees / milliToNumber of its parse, sign and all", () => {
    fc.assert(
      fc.property(amount, (value) => {
        expect(signedNumericToNumber(formatRupees(value), 2)).toBe(toRupees(value));
        expect(signedNumericToNumber(`${formatRupees(value)}0`, 2)).toBe(toRupees(value));
        expect(signedNumericToNumber(formatMilli(value), 3)).toBe(milliToNumber(value));
      }),
    );
    expectGstError(() => signedNumericToNumber("-1.005", 2), "too_many_decimals");
    expectGstError(() => signedNumericToNumber("--1", 2), "invalid_decimal");
    expectGstError(() => signedNumericToNumber("-1234567890123456.00", 2), "amount_out_of_range");
  });

  it("fixed text survives formatRupees → parseNumeric and formatMilli → parseMilli", () => {
    fc.assert(
      fc.property(amount, (value) => {
        expect(parseNumeric(formatRupees(value), 2)).toBe(value);
        expect(parseMilli(formatMilli(value))).toBe(value);
      }),
    );
  });
});
