import { parseRupees } from "@bahi/gst";

/**
 * Numbers in words in the Indian system (thousand, lakh, crore), as an invoice states its total:
 * `4366` → `Indian Rupees Four Thousand Three Hundred Sixty-Six Only`. Pure and exact (bigint).
 * A candidate for `@bahi/gst`, beside `written-numbers.ts`, which reads numbers the other way.
 */

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? "";
  const ten = TENS[Math.floor(n / 10)] ?? "";
  return n % 10 === 0 ? ten : `${ten}-${ONES[n % 10]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * A non-negative whole number in words, Indian system: `12345678` → `One Crore Twenty-Three Lakh
 * Forty-Five Thousand Six Hundred Seventy-Eight`. Above 99 crore the crores are counted in words
 * themselves (`1,000 crore` → `One Thousand Crore`).
 */
export function integerInWords(value: bigint): string {
  if (value < 0n) throw new RangeError("Only non-negative numbers can be written in words here.");
  if (value === 0n) return "Zero";
  const crores = value / 10_000_000n;
  const rest = Number(value % 10_000_000n);
  const parts: string[] = [];
  if (crores > 0n) parts.push(`${integerInWords(crores)} Crore`);
  const lakhs = Math.floor(rest / 100_000);
  const thousands = Math.floor((rest % 100_000) / 1000);
  const units = rest % 1000;
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (units > 0) parts.push(belowThousand(units));
  return parts.join(" ");
}

/**
 * An amount of rupees in words: `123456.5` → `Indian Rupees One Lakh Twenty-Three Thousand Four
 * Hundred Fifty-Six and Fifty Paise Only`. A negative amount is prefixed `Minus`.
 */
export function rupeesInWords(rupees: number): string {
  const paise = parseRupees(rupees);
  const negative = paise < 0n;
  const magnitude = negative ? -paise : paise;
  const whole = magnitude / 100n;
  const fraction = Number(magnitude % 100n);
  let text = `Indian Rupees ${integerInWords(whole)}`;
  if (fraction > 0) text += ` and ${belowHundred(fraction)} Paise`;
  return `${negative ? "Minus " : ""}${text} Only`;
}
