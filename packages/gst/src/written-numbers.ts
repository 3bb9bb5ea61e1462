/** A rupee sign or abbreviation that people put before amounts: `₹`, `Rs`, `Rs.`, `INR`. */
const CURRENCY_PREFIX = /^(?:₹|rs\.?|inr)\s*/i;
/** Digits grouped the Indian way (`1,23,45,678`), the international way (`12,345,678`), or not at all. */
const GROUPED_INTEGER = /^(?:\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)$/;
const FRACTION = /^\d+$/;
const EXPONENT_FORM = /^\d+(?:\.\d+)?[eE][+-]?\d+$/;

export interface WrittenNumberOptions {
  /** Whether a trailing `%` may follow, as in a GST rate written `18%`. */
  readonly percent?: boolean;
}

/**
 * Reads a number as people write it in Indian spreadsheets and returns it as plain decimal text for
 * `parseRupees`/`parseMilli`, or `null` when it is not a number: `₹1,23,456.50` → `123456.50`,
 * `-Rs. 1,000` → `-1000`, `18 %` → `18` (with `percent`). Only consistent digit grouping is read:
 * `1,2,3` is refused rather than guessed at. Exponents are kept for the exact parsers to read, since
 * Excel writes very small and very large cell values that way.
 */
export function readWrittenNumber(text: string, options: WrittenNumberOptions = {}): string | null {
  let rest = text.trim();
  if (options.percent) rest = rest.replace(/\s*%$/, "");
  let negative = false;
  if (rest.startsWith("-")) {
    negative = true;
    rest = rest.slice(1).trimStart();
  }
  rest = rest.replace(CURRENCY_PREFIX, "");
  if (!negative && rest.startsWith("-")) {
    negative = true;
    rest = rest.slice(1).trimStart();
  }
  if (EXPONENT_FORM.test(rest)) return `${negative ? "-" : ""}${rest}`;
  const point = rest.indexOf(".");
  const integer = point === -1 ? rest : rest.slice(0, point);
  const fraction = point === -1 ? "" : rest.slice(point + 1);
  if (point !== -1 && !FRACTION.test(fraction)) return null;
  if (integer === "" ? fraction === "" : !GROUPED_INTEGER.test(integer)) return null;
  const digits = `${integer.replaceAll(",", "") || "0"}${fraction ? `.${fraction}` : ""}`;
  return `${negative ? "-" : ""}${digits}`;
}
