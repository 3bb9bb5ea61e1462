import { getState, isValidStateCode, validateGstin } from "@bahi/gst";
import { unprocessable } from "../../values/problem.js";

const invalidGstin = (value: string, message: string, pointer: string) =>
  unprocessable("invalid_gstin", `Invalid GSTIN ${value}: ${message}`, [
    { pointer, code: "invalid_gstin", message },
  ]);

/**
 * A GSTIN that the business or a party may be registered with (422 `invalid_gstin` otherwise). Its
 * state becomes their `state_code`, and so a place of supply, which must be a state of today:
 * packages/gst accepts the legacy codes 25 and 28 that survive in old GSTINs, as it must for a GSTIN
 * read back from a filed return, but those name no state an invoice can be for.
 */
export function checkGstin(value: string, pointer = "/gstin") {
  const gstin = validateGstin(value);
  if (!gstin.ok) throw invalidGstin(value, gstin.message, pointer);
  if (!isValidStateCode(gstin.stateCode)) {
    const state = getState(gstin.stateCode)?.name;
    throw invalidGstin(value, `${gstin.stateCode} (${state}) is no longer a GST state code.`, pointer);
  }
  return gstin;
}
