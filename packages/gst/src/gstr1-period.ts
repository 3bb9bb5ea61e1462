import { daysInMonth, formatIsoDate, MAX_DOCUMENT_YEAR } from "./dates.js";
import { GstError } from "./errors.js";

/** A GSTR-1 return period (one month); `fp` is the portal's `MMYYYY`. */
export interface Gstr1Period {
  readonly year: number;
  readonly month: number;
  readonly fp: string;
}

const FP = /^(\d{2})(\d{4})$/;
const YEAR_MONTH = /^(\d{4})-(\d{2})$/;

/** GST, and so GSTR-1, began with the July 2017 tax period. */
const FIRST_PERIOD = { year: 2017, month: 7 };

/** Reads a period written as the portal's `MMYYYY` (`042026`) or as `YYYY-MM` (`2026-04`). */
export function parseGstr1Period(input: string): Gstr1Period {
  const fp = FP.exec(input);
  const yearMonth = fp === null ? YEAR_MONTH.exec(input) : null;
  const year = Number(fp?.[2] ?? yearMonth?.[1]);
  const month = Number(fp?.[1] ?? yearMonth?.[2]);
  const beforeGst = year < FIRST_PERIOD.year || (year === FIRST_PERIOD.year && month < FIRST_PERIOD.month);
  if (Number.isNaN(year) || month < 1 || month > 12 || beforeGst || year > MAX_DOCUMENT_YEAR) {
    throw new GstError(
      "invalid_period",
      `"${input}" is not a GSTR-1 period; write MMYYYY (042026) or YYYY-MM (2026-04), July 2017 or later.`,
    );
  }
  return { year, month, fp: `${String(month).padStart(2, "0")}${year}` };
}

/** First and last dates of the period, for selecting its documents. */
export function gstr1PeriodRange(period: Gstr1Period): {
  readonly start: string;
  readonly end: string;
} {
  const { year, month } = period;
  return {
    start: formatIsoDate({ year, month, day: 1 }),
    end: formatIsoDate({ year, month, day: daysInMonth(year, month) }),
  };
}

/**
 * Refuses a period whose month has not begun on `today` (`YYYY-MM-DD` in India): its return cannot be
 * filed yet. The running month is allowed, for a look at the return so far.
 */
export function checkPeriodHasBegun(period: Gstr1Period, today: string): void {
  if (gstr1PeriodRange(period).start > today) {
    throw new GstError(
      "invalid_period",
      `${period.fp} has not begun (today is ${today} in India); write MMYYYY (042026) or YYYY-MM (2026-04) for this month or an earlier one.`,
    );
  }
}
