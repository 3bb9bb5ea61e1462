import type { components } from "@bahi/contract";
import { type GstinValidation, validateGstin } from "./gstin.js";
import { refuse } from "./refusal.js";
import { getState, isValidStateCode } from "./states.js";

type PartyAddress = components["schemas"]["PartyAddress"];

/** EINVOICE_MIN_NAME_LENGTH: the IRP refuses a legal name, locality or item description shorter than this. */
export const EINVOICE_MIN_NAME_LENGTH = 3;

/**
 * A GSTIN that a business or a party may be registered with (`invalid_gstin` otherwise). Its state
 * becomes their `state_code`, and so a place of supply, which must be a state of today: the legacy
 * codes 25 and 28 survive in old GSTINs, which a return filed back then must read, but they name no
 * state an invoice can be for.
 */
export function registrableGstin(value: string, pointer = "/gstin"): Extract<GstinValidation, { ok: true }> {
  const gstin = validateGstin(value);
  const invalid = (message: string): never =>
    refuse("invalid_gstin", `Invalid GSTIN ${value}: ${message}`, pointer, message);
  if (!gstin.ok) return invalid(gstin.message);
  if (!isValidStateCode(gstin.stateCode)) {
    return invalid(`${gstin.stateCode} (${getState(gstin.stateCode)?.name}) is no longer a GST state code.`);
  }
  return gstin;
}

/** A registered person's address lies in the state of its GSTIN (`state_mismatch` at `at`). */
export function checkAddressInState(address: PartyAddress, stateCode: string, at: string): void {
  if ("country" in address) {
    refuse(
      "state_mismatch",
      `The address is abroad (${address.country}) but the GSTIN is registered in state ${stateCode}.`,
      `${at}/country`,
      `a registered person's address lies in its GSTIN's state, ${stateCode}`,
    );
  }
  if (address.state_code !== stateCode) {
    refuse(
      "state_mismatch",
      `The address is in state ${address.state_code} but the GSTIN is registered in state ${stateCode}.`,
      `${at}/state_code`,
      `must be ${stateCode}, the GSTIN's state`,
    );
  }
}
