import {
  checkPeriodHasBegun,
  type Gstr1Period,
  gstr1PeriodRange,
  isGstError,
  parseGstr1Period,
  todayInIst,
} from "@bahi/gst";
import { ApiError, field } from "../../values/problem.js";

/** The period of the path, refused with `invalid_period` (naming both accepted forms) when malformed or not yet begun. */
export function periodOf(input: string, now: Date): Gstr1Period & { start: string; end: string } {
  try {
    const period = parseGstr1Period(input);
    checkPeriodHasBegun(period, todayInIst(now));
    return { ...period, ...gstr1PeriodRange(period) };
  } catch (error) {
    if (!isGstError(error)) throw error;
    throw new ApiError(400, "invalid_period", error.message, {
      errors: [field("invalid_period", "/path/period", error.message)],
    });
  }
}
