/**
 * How a code may be used: `state` for current states and union territories, `export` for 96
 * (place of supply of exports only), `legacy` for codes that survive only in old GSTINs.
 */
export type StateCodeUse = "state" | "export" | "legacy";

export interface GstState {
  readonly code: string;
  readonly name: string;
  /** A union territory without a legislature, which levies UTGST instead of SGST. */
  readonly utgst: boolean;
  readonly use: StateCodeUse;
}

/** Place of supply of exports ("Other Countries"); never a supplier's state. */
export const OTHER_COUNTRIES_STATE_CODE = "96";

function state(code: string, name: string, utgst = false, use: StateCodeUse = "state"): GstState {
  return { code, name, utgst, use };
}

export const GST_STATES: readonly GstState[] = [
  state("01", "Jammu and Kashmir"),
  state("02", "Himachal Pradesh"),
  state("03", "Punjab"),
  state("04", "Chandigarh", true),
  state("05", "Uttarakhand"),
  state("06", "Haryana"),
  state("07", "Delhi"),
  state("08", "Rajasthan"),
  state("09", "Uttar Pradesh"),
  state("10", "Bihar"),
  state("11", "Sikkim"),
  state("12", "Arunachal Pradesh"),
  state("13", "Nagaland"),
  state("14", "Manipur"),
  state("15", "Mizoram"),
  state("16", "Tripura"),
  state("17", "Meghalaya"),
  state("18", "Assam"),
  state("19", "West Bengal"),
  state("20", "Jharkhand"),
  state("21", "Odisha"),
  state("22", "Chhattisgarh"),
  state("23", "Madhya Pradesh"),
  state("24", "Gujarat"),
  // Merged into 26 in January 2020.
  state("25", "Daman and Diu", true, "legacy"),
  state("26", "Dadra and Nagar Haveli and Daman and Diu", true),
  state("27", "Maharashtra"),
  // Andhra Pradesh before its division; today's code is 37.
  state("28", "Andhra Pradesh (old)", false, "legacy"),
  state("29", "Karnataka"),
  state("30", "Goa"),
  state("31", "Lakshadweep", true),
  state("32", "Kerala"),
  state("33", "Tamil Nadu"),
  state("34", "Puducherry"),
  state("35", "Andaman and Nicobar Islands", true),
  state("36", "Telangana"),
  state("37", "Andhra Pradesh"),
  state("38", "Ladakh", true),
  state(OTHER_COUNTRIES_STATE_CODE, "Other Countries", false, "export"),
  state("97", "Other Territory", true),
];

const STATES_BY_CODE: ReadonlyMap<string, GstState> = new Map(GST_STATES.map((s) => [s.code, s]));

export function getState(code: string): GstState | undefined {
  return STATES_BY_CODE.get(code);
}

/** A current state or union territory: valid for a supplier, a party's address, a place of supply. */
export function isValidStateCode(code: string): boolean {
  return getState(code)?.use === "state";
}

/** A current state or union territory, or 96 for exports. */
export function isPlaceOfSupplyCode(code: string): boolean {
  const use = getState(code)?.use;
  return use === "state" || use === "export";
}

/** The first two characters of a GSTIN, which may still be a legacy code (25, 28). */
export function isGstinStateCode(code: string): boolean {
  const use = getState(code)?.use;
  return use === "state" || use === "legacy";
}

/** True when tax within this state or territory is UTGST rather than SGST. */
export function isUtgstTerritory(code: string): boolean {
  return getState(code)?.utgst === true;
}
