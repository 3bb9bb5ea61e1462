import type { Gstr1Period } from "./gstr1-period.js";
import type { Paise } from "./money.js";

/** The offline tool's JSON format version that the files follow (the portal reads it from `version`). */
export const GSTR1_FORMAT_VERSION = "GST3.2.1";

/** The portal keeps HSN descriptions to this many characters. */
export const MAX_HSN_DESCRIPTION_LENGTH = 30;

/**
 * Notification 12/2024-CT lowered the B2CL limit for invoices dated from 1 August 2024: an inter-state
 * invoice to an unregistered buyer goes to `b2cl` when its value is above the limit in force on the
 * invoice's date (not on the return's), so a credit note follows its invoice's classification.
 * Newest first.
 */
export const B2CL_THRESHOLDS: readonly { readonly from: string; readonly above: Paise }[] = [
  { from: "2024-08-01", above: 100_000_00n },
  { from: "2017-07-01", above: 250_000_00n },
];

/** The invoice value above which an inter-state sale to an unregistered buyer dated `date` is B2CL. */
export function b2clThresholdOn(date: string): Paise {
  const rule = B2CL_THRESHOLDS.find((t) => date >= t.from) ?? B2CL_THRESHOLDS[B2CL_THRESHOLDS.length - 1];
  return (rule as (typeof B2CL_THRESHOLDS)[number]).above;
}

/** Phase III of the HSN summary (advisory of April 2025): from the May 2025 return, table 12 is split by buyer. */
const HSN_SPLIT_FROM = { year: 2025, month: 5 };

/** Whether the period's HSN summary is `{hsn_b2b, hsn_b2c}` rather than `{data}`. */
export function hasSplitHsnSummary(period: Pick<Gstr1Period, "year" | "month">): boolean {
  return period.year * 12 + period.month >= HSN_SPLIT_FROM.year * 12 + HSN_SPLIT_FROM.month;
}

/** Above this aggregate turnover in the preceding financial year, HSN codes need 6 digits, else 4 (Notification 78/2020-CT). */
export const HSN_SIX_DIGIT_TURNOVER: Paise = 5_00_00_000_00n;

/** The fewest HSN digits a business with the given preceding-year turnover must give. */
export function minimumHsnDigits(precedingYearTurnover: Paise): 4 | 6 {
  return precedingYearTurnover > HSN_SIX_DIGIT_TURNOVER ? 6 : 4;
}
