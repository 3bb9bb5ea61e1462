import { GstError } from "./errors.js";

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/**
 * Document dates outside these years are typos (3026 for 2026), not business dates; refusing them
 * also keeps every financial year label and period computable.
 */
export const MIN_DOCUMENT_YEAR = 1900;
export const MAX_DOCUMENT_YEAR = 2999;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function toCalendarDate(date: string): CalendarDate | undefined {
  const match = ISO_DATE.exec(date);
  if (match === null) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_DOCUMENT_YEAR || year > MAX_DOCUMENT_YEAR) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** A real calendar date written `YYYY-MM-DD`. */
export function isValidDate(date: string): boolean {
  return toCalendarDate(date) !== undefined;
}

export function parseIsoDate(date: string): CalendarDate {
  const parsed = toCalendarDate(date);
  if (parsed === undefined) {
    throw new GstError(
      "invalid_date",
      `"${date}" is not a calendar date written YYYY-MM-DD between ${MIN_DOCUMENT_YEAR} and ${MAX_DOCUMENT_YEAR}.`,
    );
  }
  return parsed;
}

const twoDigits = (n: number): string => String(n).padStart(2, "0");

export function formatIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, "0")}-${twoDigits(date.month)}-${twoDigits(date.day)}`;
}

/** The calendar date in India (UTC+05:30, no daylight saving) at the given instant. */
export function todayInIst(now: Date): string {
  const time = now.getTime();
  if (Number.isNaN(time)) throw new GstError("invalid_instant", "The instant is an invalid Date.");
  return new Date(time + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `yyyy-MM-dd HH:mm:ss` in India time, as the IRP writes acknowledgement dates. */
export function irpDateTime(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** The calendar month in India time that holds `now`, as instants: from its first midnight to the next's. */
export function istMonthOf(now: Date): { start: Date; end: Date } {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const month = ist.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(year, month + 1, 1) - IST_OFFSET_MS),
  };
}

/** `dd/mm/yyyy`, the e-invoice `DocDtls.Dt` format. */
export function toEinvoiceDate(date: string): string {
  const { year, month, day } = parseIsoDate(date);
  return `${twoDigits(day)}/${twoDigits(month)}/${year}`;
}

/** `dd-mm-yyyy`, the GSTR-1 `idt`/`nt_dt` format. */
export function toGstr1Date(date: string): string {
  const { year, month, day } = parseIsoDate(date);
  return `${twoDigits(day)}-${twoDigits(month)}-${year}`;
}
