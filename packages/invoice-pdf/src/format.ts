import { getState, parseMilli, parseRupees } from "@bahi/gst";

/**
 * Text for figures as an Indian invoice prints them. Every amount goes through `@bahi/gst`'s exact
 * parsers (integer paise or milli-units), so nothing is ever computed in binary floating point: a
 * JSON number is read as the decimal it was written as, and printed digit for digit.
 */

/** Digits grouped the Indian way: the last three together, then pairs (`1,23,45,678`). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  const pairs: string[] = [];
  let end = head.length;
  while (end > 0) {
    pairs.unshift(head.slice(Math.max(0, end - 2), end));
    end -= 2;
  }
  return `${pairs.join(",")},${tail}`;
}

/** A scaled integer (`value / 10^scale`) as grouped decimal text with at least `minDecimals` decimals. */
function formatScaled(value: bigint, scale: number, minDecimals: number): string {
  const negative = value < 0n;
  const magnitude = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const integer = magnitude.slice(0, magnitude.length - scale);
  let fraction = magnitude.slice(magnitude.length - scale);
  while (fraction.length > minDecimals && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const text = fraction === "" ? groupIndian(integer) : `${groupIndian(integer)}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** Rupees with two decimals and Indian grouping: `123456.5` → `1,23,456.50`; `-0.27` → `-0.27`. */
export function formatMoney(rupees: number): string {
  return formatScaled(parseRupees(rupees), 2, 2);
}

/** Rupees with the rupee sign: `123456.5` → `₹1,23,456.50`; `-0.27` → `-₹0.27`. */
export function formatRupeeAmount(rupees: number): string {
  const text = formatMoney(rupees);
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** A quantity with as many decimals as it has (at most 3): `23` → `23`, `1250.5` → `1,250.5`. */
export function formatQuantity(qty: number): string {
  return formatScaled(parseMilli(qty), 3, 0);
}

/** A unit price, at least 2 and at most 3 decimals: `1500` → `1,500.00`, `12.345` → `12.345`. */
export function formatUnitPrice(rate: number): string {
  return formatScaled(parseMilli(rate), 3, 2);
}

/** A GST rate in percent: `18` → `18%`, `0.25` → `0.25%`. */
export function formatPercent(rate: number): string {
  return `${formatScaled(parseMilli(rate), 3, 0)}%`;
}

/**
 * Half a GST rate, the rate of CGST and of SGST/UTGST on an intra-state line: `18` → `9%`,
 * `0.25` → `0.125%`. Exact: the rate is halved as an integer of ten-thousandths of a percent.
 */
export function formatHalfPercent(rate: number): string {
  const tenThousandths = parseMilli(rate) * 10n;
  return `${formatScaled(tenThousandths / 2n, 4, 0)}%`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A document date `YYYY-MM-DD` as printed: `2026-11-23` → `23-Nov-2026`. */
export function formatDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || month === undefined) throw new RangeError(`"${isoDate}" is not a YYYY-MM-DD date.`);
  return `${match[3]}-${month}-${match[1]}`;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * An RFC 3339 timestamp in India time, as the IRP writes its acknowledgement date:
 * `2026-11-23T05:00:01.000Z` → `23-Nov-2026 10:30:01 IST`.
 */
export function formatIstTimestamp(timestamp: string): string {
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) throw new RangeError(`"${timestamp}" is not a timestamp.`);
  const ist = new Date(ms + IST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  const date = `${pad(ist.getUTCDate())}-${MONTHS[ist.getUTCMonth()]}-${ist.getUTCFullYear()}`;
  return `${date} ${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())}:${pad(ist.getUTCSeconds())} IST`;
}

/** A state code with its name, as Rule 46 asks for the place of supply: `27` → `Maharashtra (27)`. */
export function formatState(code: string): string {
  const state = getState(code);
  return state ? `${state.name} (${code})` : code;
}

let regionNames: Intl.DisplayNames | undefined;

/** An ISO 3166-1 alpha-2 country code with its English name: `US` → `United States (US)`. */
export function formatCountry(code: string): string {
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  const name = regionNames.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}
