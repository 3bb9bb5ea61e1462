import { GstError } from "./errors.js";
import { isGstinStateCode } from "./states.js";

/** Regular taxpayer GSTIN: state code, PAN, entity number, default `Z`, check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$/;

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

const CHECK_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GSTIN_BODY = /^[0-9A-Z]{14}$/;

/** The Luhn mod-36 check character for the first 14 characters of a GSTIN. */
export function gstinCheckChar(body: string): string {
  if (!GSTIN_BODY.test(body)) {
    throw new GstError(
      "invalid_gstin",
      `A GSTIN check character is computed over exactly 14 characters 0-9/A-Z, got "${body}".`,
    );
  }
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const product = CHECK_ALPHABET.indexOf(body.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    total += Math.floor(product / 36) + (product % 36);
  }
  return CHECK_ALPHABET.charAt((36 - (total % 36)) % 36);
}

/** Whether the 15th character of a 15-character string is the check character of the rest. */
export function hasValidCheckChar(gstin: string): boolean {
  const body = gstin.slice(0, 14);
  return gstin.length === 15 && GSTIN_BODY.test(body) && gstinCheckChar(body) === gstin.charAt(14);
}

export type GstinInvalidReason = "pattern" | "state_code" | "check_char";

export type GstinValidation =
  | { readonly ok: true; readonly gstin: string; readonly stateCode: string; readonly pan: string }
  | { readonly ok: false; readonly reason: GstinInvalidReason; readonly message: string };

/**
 * Checks a GSTIN as written: no trimming or upper-casing, because a GSTIN is stored and printed
 * exactly as validated. A wrong state code is reported before a wrong check character since it
 * names the actual mistake.
 */
export function validateGstin(value: string): GstinValidation {
  if (!GSTIN_PATTERN.test(value)) {
    return {
      ok: false,
      reason: "pattern",
      message: `"${value}" is not a GSTIN: expected 2 digits, a 10-character PAN, and 3 characters.`,
    };
  }
  const stateCode = value.slice(0, 2);
  if (!isGstinStateCode(stateCode)) {
    return { ok: false, reason: "state_code", message: `${stateCode} is not a GST state code.` };
  }
  if (!hasValidCheckChar(value)) {
    return {
      ok: false,
      reason: "check_char",
      message: `"${value}" has a wrong check character; the GSTIN is probably mistyped.`,
    };
  }
  return { ok: true, gstin: value, stateCode, pan: value.slice(2, 12) };
}

export function isValidGstin(value: string): boolean {
  return validateGstin(value).ok;
}

function requireValidGstin(gstin: string): { stateCode: string; pan: string } {
  const result = validateGstin(gstin);
  if (!result.ok) throw new GstError("invalid_gstin", result.message);
  return result;
}

/** The PAN inside a valid GSTIN (characters 3–12). */
export function panFromGstin(gstin: string): string {
  return requireValidGstin(gstin).pan;
}

/** The state code of a valid GSTIN; may be a legacy code, see `getState`. */
export function stateFromGstin(gstin: string): string {
  return requireValidGstin(gstin).stateCode;
}

export function isValidPan(pan: string): boolean {
  return PAN_PATTERN.test(pan);
}
