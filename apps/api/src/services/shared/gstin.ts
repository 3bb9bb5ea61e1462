import { registrableGstin } from "@bahi/gst";
import { underRules } from "./refusals.js";

/** A GSTIN that the business or a party may be registered with (422 `invalid_gstin` otherwise). */
export function checkGstin(value: string, pointer = "/gstin") {
  return underRules(() => registrableGstin(value, pointer));
}
