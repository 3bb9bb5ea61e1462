import { parseIsoDate } from "./dates.js";
import type { Milli } from "./money.js";

/** GST (and compensation cess) took effect on 1 July 2017; no rate is in force before it. */
export const GST_START_DATE = "2017-07-01";

/** The rate rationalisation ("GST 2.0") that replaced the 12% and 28% slabs. */
export const GST_RATE_REFORM_DATE = "2025-09-22";

/** Compensation cess ended; cess fields remain in every schema for earlier periods. */
export const CESS_END_DATE = "2026-02-01";

/** Rates in milli-percent (18% is `18_000n`), for documents dated from the reform. */
const RATES_FROM_REFORM: readonly Milli[] = [0n, 250n, 3_000n, 5_000n, 18_000n, 40_000n];

const RATES_BEFORE_REFORM: readonly Milli[] = [
  0n,
  100n,
  250n,
  1_000n,
  1_500n,
  3_000n,
  5_000n,
  6_000n,
  7_500n,
  12_000n,
  18_000n,
  28_000n,
];

/**
 * The GST rates (total of CGST+SGST, or IGST) in milli-percent that a document of this date may
 * carry. ISO dates compare correctly as strings, which is why dates stay `YYYY-MM-DD` throughout.
 */
export function gstRatesInForce(date: string): readonly Milli[] {
  parseIsoDate(date);
  if (date < GST_START_DATE) return [];
  return date < GST_RATE_REFORM_DATE ? RATES_BEFORE_REFORM : RATES_FROM_REFORM;
}

export function isRateInForce(rate: Milli, date: string): boolean {
  return gstRatesInForce(date).includes(rate);
}

/**
 * Whether a document of this date may carry this ad valorem cess rate (milli-percent): zero
 * always, a positive rate only while compensation cess was levied.
 */
export function isCessRateAllowed(cessRate: Milli, date: string): boolean {
  parseIsoDate(date);
  if (cessRate === 0n) return true;
  return cessRate > 0n && date >= GST_START_DATE && date < CESS_END_DATE;
}
