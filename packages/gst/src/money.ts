import { GstError } from "./errors.js";

/** Rupees as integer paise: 123.45 rupees is `12345n`. */
export type Paise = bigint;

/** Quantities, unit prices and GST/cess rates with three decimals, scaled by 1,000: 1.255 is `1255n`. */
export type Milli = bigint;

/** Decimal places of a scaled integer: 2 for money (paise), 3 for quantities, unit prices, rates. */
export type Scale = 2 | 3;

/**
 * Any decimal of at most 15 significant digits survives a trip through an IEEE double (and so a
 * JSON number) unchanged; larger magnitudes could be silently altered by a client's JSON parser.
 */
export const MAX_SIGNIFICANT_DIGITS = 15;

/** The largest magnitude a scaled amount may have: 9,999,999,999,999.99 rupees at scale 2. */
export const MAX_SCALED_VALUE = 10n ** BigInt(MAX_SIGNIFICANT_DIGITS) - 1n;

/**
 * MAX_DOCUMENT_AMOUNT: the largest amount a document may carry, in paise: 99,999,999,999.99 rupees,
 * the contract's `Money` maximum (and the INV-01's, whose amounts have at most 14 digits).
 */
export const MAX_DOCUMENT_AMOUNT: Paise = 9_999_999_999_999n;

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
const NUMERIC_TEXT = /^-?\d+(?:\.\d+)?$/;

/** Parses a JSON number or decimal string into an integer scaled by 10^scale, exactly. */
function parseScaled(value: number | string, scale: Scale): bigint {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new GstError("invalid_decimal", `${value} is not a finite number.`);
  }
  // String(n) is the shortest decimal that reads back as the same double, so a JSON number like
  // 0.1 is taken as the decimal 0.1 the client wrote, and no binary float arithmetic is involved.
  const text = typeof value === "number" ? String(value) : value;
  const match = DECIMAL_TEXT.exec(text);
  if (match === null) {
    throw new GstError("invalid_decimal", `"${text}" is not a decimal number.`);
  }
  const negative = match[1] === "-";
  const integerPart = match[2] ?? "";
  const fractionPart = match[3] ?? "";
  const exponent = Number(match[4] ?? "0");

  const significant = (integerPart + fractionPart).replace(/^0+/, "");
  if (significant === "") return 0n;
  const digits = significant.replace(/0+$/, "");
  // Trailing zeros carry no precision: "1.500" is a valid two-decimal amount.
  const decimals = fractionPart.length - exponent - (significant.length - digits.length);
  if (decimals > scale) {
    throw new GstError(
      "too_many_decimals",
      `"${text}" has more than ${scale} decimal places; at most ${scale} are allowed.`,
    );
  }
  if (digits.length + scale - decimals > MAX_SIGNIFICANT_DIGITS) {
    throw new GstError("amount_out_of_range", `"${text}" is too large.`);
  }
  const magnitude = BigInt(digits) * 10n ** BigInt(scale - decimals);
  return negative ? -magnitude : magnitude;
}

/** Rupees (JSON number or string, at most 2 decimals) to paise. */
export function parseRupees(value: number | string): Paise {
  return parseScaled(value, 2);
}

/** A quantity, unit price or rate (JSON number or string, at most 3 decimals) to milli-units. */
export function parseMilli(value: number | string): Milli {
  return parseScaled(value, 3);
}

/**
 * Fixed-decimal text of a scaled integer, which is also Postgres `numeric` input:
 * `formatNumeric(12345n, 2) === "123.45"`.
 */
export function formatNumeric(value: bigint, scale: Scale): string {
  const magnitude = (value < 0n ? -value : value).toString().padStart(scale + 1, "0");
  const sign = value < 0n ? "-" : "";
  return `${sign}${magnitude.slice(0, -scale)}.${magnitude.slice(-scale)}`;
}

/** Paise as a fixed 2-decimal string: `"123.45"`, `"-0.03"`. */
export function formatRupees(paise: Paise): string {
  return formatNumeric(paise, 2);
}

/** Milli-units as a fixed 3-decimal string: `"1.255"`. */
export function formatMilli(milli: Milli): string {
  return formatNumeric(milli, 3);
}

function scaledToNumber(value: bigint, scale: Scale): number {
  if (value > MAX_SCALED_VALUE || value < -MAX_SCALED_VALUE) {
    throw new GstError(
      "amount_out_of_range",
      `${formatNumeric(value, scale)} has more than ${MAX_SIGNIFICANT_DIGITS} significant digits and cannot be a JSON number.`,
    );
  }
  // Reading decimal text picks the double nearest to it, which serialises back to the same text.
  return Number(formatNumeric(value, scale));
}

/** Paise as a JSON number with at most 2 decimals: `toRupees(12345n) === 123.45`. */
export function toRupees(paise: Paise): number {
  return scaledToNumber(paise, 2);
}

/** Milli-units as a JSON number with at most 3 decimals: `milliToNumber(1255n) === 1.255`. */
export function milliToNumber(milli: Milli): number {
  return scaledToNumber(milli, 3);
}

/**
 * A Postgres `numeric` value as text (what drivers return) to a scaled integer. Extra trailing
 * zeros from a wider column scale are accepted; digits that would be lost are not.
 */
export function parseNumeric(text: string, scale: Scale): bigint {
  if (!NUMERIC_TEXT.test(text)) {
    throw new GstError("invalid_decimal", `"${text}" is not a Postgres numeric value.`);
  }
  return parseScaled(text, scale);
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const DECIMAL_POINT = 46;

const invalidNumeric = (text: string) =>
  new GstError("invalid_decimal", `"${text}" is not a non-negative Postgres numeric value.`);

/**
 * A non-negative Postgres `numeric` text straight to a JSON number, for the bulk of GSTR-1 rows: the
 * digits are checked (no more than `scale` decimals once trailing zeros go, at most 15 significant)
 * and the text read as the nearest double, which serialises back to the same decimal. Equivalent to
 * `toRupees(parseNumeric(text, 2))` without the bigint round trip. The text is scanned by character
 * code, allocating nothing: a return converts every amount of a month's documents.
 */
export function numericToNumber(text: string, scale: Scale): number {
  let i = 0;
  let significant = 0;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < DIGIT_0 || code > DIGIT_9) break;
    if (significant > 0 || code !== DIGIT_0) significant++;
  }
  if (i === 0) throw invalidNumeric(text);
  let decimals = 0;
  if (i < text.length) {
    if (text.charCodeAt(i) !== DECIMAL_POINT) throw invalidNumeric(text);
    // Decimals up to the last one that is not zero: trailing zeros of a wider column scale are fine.
    for (let place = 1; ++i < text.length; place++) {
      const code = text.charCodeAt(i);
      if (code < DIGIT_0 || code > DIGIT_9) throw invalidNumeric(text);
      if (code !== DIGIT_0) decimals = place;
    }
  }
  if (decimals > scale) {
    throw new GstError("too_many_decimals", `"${text}" has more than ${scale} decimal places.`);
  }
  if (significant + decimals > MAX_SIGNIFICANT_DIGITS) {
    throw new GstError("amount_out_of_range", `"${text}" is too large to be a JSON number.`);
  }
  return Number(text);
}

/**
 * Any Postgres `numeric` text, negative too (a round-off), straight to a JSON number, checked as
 * numericToNumber checks it: `toRupees(parseNumeric(text, 2))` without the bigint round trip.
 */
export function signedNumericToNumber(text: string, scale: Scale): number {
  return text.startsWith("-") ? -numericToNumber(text.slice(1), scale) : numericToNumber(text, scale);
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero (1.5 → 2,
 * −1.5 → −2). Rounding the magnitude makes a credit note that mirrors an invoice carry exactly the
 * negated amounts, and for the positive amounts of GST documents it is plain half-up.
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero.");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** Paise rounded to the nearest whole rupee, halves away from zero. */
export function roundToRupee(paise: Paise): Paise {
  return divideRoundHalfUp(paise, 100n) * 100n;
}
