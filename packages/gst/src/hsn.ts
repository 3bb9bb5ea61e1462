import { isUqc, UQC_NOT_APPLICABLE } from "./uqc.js";

/** 4, 6 or 8 digits; chapter 00 does not exist (goods are 01–98, services 99). */
const HSN_PATTERN = /^(?!00)(?:\d{4}|\d{6}|\d{8})$/;

export function isValidHsn(code: string): boolean {
  return HSN_PATTERN.test(code);
}

/** A valid code of chapter 99: a SAC, so the line is a service (`IsServc` Y). */
export function isService(hsn: string): boolean {
  return isValidHsn(hsn) && hsn.startsWith("99");
}

/** Services are measured in `NA`; goods need a real UQC, so `NA` is refused for them. */
export function isUnitValidForHsn(hsn: string, unit: string): boolean {
  if (!isValidHsn(hsn)) return false;
  return isService(hsn) ? unit === UQC_NOT_APPLICABLE : isUqc(unit) && unit !== UQC_NOT_APPLICABLE;
}
