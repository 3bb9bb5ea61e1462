import { MAX_DOCUMENT_YEAR, MIN_DOCUMENT_YEAR, parseIsoDate } from "./dates.js";
import { GstError } from "./errors.js";

const FY_LABEL = /^(\d{4})-(\d{2})$/;

function label(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;
}

/** The financial year (April–March) of a `YYYY-MM-DD` date: `2027-03-31` → `2026-27`. */
export function financialYearOf(date: string): string {
  const { year, month } = parseIsoDate(date);
  return label(month >= 4 ? year : year - 1);
}

function startYearOf(fy: string): number | undefined {
  const match = FY_LABEL.exec(fy);
  if (match === null) return undefined;
  const startYear = Number(match[1]);
  // January–March of the first document year belong to the financial year before it.
  if (startYear < MIN_DOCUMENT_YEAR - 1 || startYear > MAX_DOCUMENT_YEAR) return undefined;
  return label(startYear) === fy ? startYear : undefined;
}

/** A label like `2026-27`, whose second part is the year after the first. */
export function isValidFinancialYear(fy: string): boolean {
  return startYearOf(fy) !== undefined;
}

/** First and last dates of a financial year: `2026-27` → 2026-04-01 .. 2027-03-31. */
export function financialYearRange(fy: string): { readonly start: string; readonly end: string } {
  const startYear = startYearOf(fy);
  if (startYear === undefined) {
    throw new GstError("invalid_financial_year", `"${fy}" is not a financial year; write it like 2026-27.`);
  }
  return { start: `${startYear}-04-01`, end: `${startYear + 1}-03-31` };
}

/** The financial year before the one of `date`: the year whose turnover sets this year's HSN digits. */
export function precedingFinancialYear(date: string): string {
  const { year, month } = parseIsoDate(date);
  return label((month >= 4 ? year : year - 1) - 1);
}
