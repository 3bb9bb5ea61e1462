import { isValidDate } from "./dates.js";
import { GstError } from "./errors.js";
import type { Milli, Paise } from "./money.js";
import { divideRoundHalfUp, formatMilli, MAX_DOCUMENT_AMOUNT, roundToRupee } from "./money.js";
import { isCessRateAllowed, isRateInForce } from "./rates.js";
import {
  isPlaceOfSupplyCode,
  isUtgstTerritory,
  isValidStateCode,
  OTHER_COUNTRIES_STATE_CODE,
} from "./states.js";

/** The e-invoice schema's limit on `ItemList`, applied to every document. */
export const MAX_INVOICE_ITEMS = 1000;

export type SupplyType = "intra_state" | "inter_state";

// Field names follow the API's invoice items and totals, so the server maps them one to one.

export interface TaxItemInput {
  /** Quantity in milli-units (1.255 kg is `1255n`); must be positive. */
  readonly qty: Milli;
  /** Unit price in milli-rupees (80.50 is `80_500n`). */
  readonly rate: Milli;
  readonly discount?: Paise;
  /** Total GST rate in milli-percent (18% is `18_000n`), split in halves within a state. */
  readonly gst_rate: Milli;
  readonly cess_rate?: Milli;
}

export interface InvoiceTaxInput {
  /** Document date `YYYY-MM-DD`; decides which rates are in force. */
  readonly date: string;
  /** The supplier's state code (first two digits of its GSTIN). */
  readonly supplier_state: string;
  readonly place_of_supply: string;
  readonly reverse_charge?: boolean;
  /** Supply to an SEZ unit or developer: inter-state (IGST) whatever the states. */
  readonly sez?: boolean;
  /**
   * A zero-rated supply (an export or a supply to an SEZ) under bond or letter of undertaking, without
   * payment of IGST: each line keeps its rates, but neither IGST nor cess is charged.
   */
  readonly under_lut?: boolean;
  /**
   * A deemed export (section 147 of the CGST Act: to an EOU, or against an Advance Authorisation or
   * EPCG): a domestic supply taxed as usual, whose tax the buyer or the supplier claims back as a
   * refund. So it is never an export or an SEZ supply, which are zero-rated instead.
   */
  readonly deemed_export?: boolean;
  readonly items: readonly TaxItemInput[];
}

export interface TaxedItem {
  /** qty × rate rounded to the paisa (e-invoice `TotAmt`). */
  readonly gross: Paise;
  readonly discount: Paise;
  /** gross − discount (e-invoice `AssAmt`). */
  readonly taxable_value: Paise;
  readonly gst_rate: Milli;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly igst: Paise;
  readonly cess_rate: Milli;
  readonly cess: Paise;
  /** What the buyer pays for the line: with its tax, or without it under reverse charge. */
  readonly total: Paise;
}

export interface InvoiceTax {
  readonly supply_type: SupplyType;
  /** The `sgst` amounts are UTGST: an intra-state supply in a union territory without a legislature. */
  readonly utgst: boolean;
  readonly reverse_charge: boolean;
  readonly under_lut: boolean;
  readonly deemed_export: boolean;
  readonly items: readonly TaxedItem[];
  readonly gross: Paise;
  readonly discount: Paise;
  readonly taxable_value: Paise;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly igst: Paise;
  readonly cess: Paise;
  /** Rounded total − sum of line totals, in [−0.49, +0.50] rupees. */
  readonly round_off: Paise;
  /** A whole number of rupees. */
  readonly total: Paise;
}

/** Exports (place of supply 96) and SEZ supplies are inter-state by law, whatever the states. */
export function supplyTypeOf(supplierState: string, placeOfSupply: string, sez = false): SupplyType {
  const sameState = supplierState === placeOfSupply && placeOfSupply !== OTHER_COUNTRIES_STATE_CODE;
  return sameState && !sez ? "intra_state" : "inter_state";
}

/** Exports and supplies to SEZ units or developers are zero-rated (section 16 of the IGST Act). */
export function isZeroRated(input: Pick<InvoiceTaxInput, "place_of_supply" | "sez">): boolean {
  return input.place_of_supply === OTHER_COUNTRIES_STATE_CODE || input.sez === true;
}

// qty and rate are both scaled by 1,000, so their product is in 10^-6 rupees; paise are 10^-2.
const GROSS_TO_PAISE = 10_000n;
// A milli-percent rate is a fraction of 100,000.
const RATE_DENOMINATOR = 100_000n;

function checkInput(input: InvoiceTaxInput): void {
  if (!isValidDate(input.date)) {
    throw new GstError("invalid_date", `"${input.date}" is not a date written YYYY-MM-DD.`, "/date");
  }
  if (!isValidStateCode(input.supplier_state)) {
    throw new GstError(
      "invalid_state_code",
      `"${input.supplier_state}" is not the state code of a supplier.`,
      "/supplier_state",
    );
  }
  if (!isPlaceOfSupplyCode(input.place_of_supply)) {
    throw new GstError(
      "invalid_place_of_supply",
      `"${input.place_of_supply}" is not a place of supply: use a state code, or 96 for exports.`,
      "/place_of_supply",
    );
  }
  if (input.deemed_export === true && isZeroRated(input)) {
    throw new GstError(
      "deemed_export_zero_rated",
      "An export or a supply to an SEZ is zero-rated, not a deemed export.",
      "/deemed_export",
    );
  }
  if (input.under_lut === true && !isZeroRated(input)) {
    throw new GstError(
      "not_zero_rated",
      "Only a zero-rated supply (an export, or a supply to an SEZ) can be made under bond or LUT without payment of IGST.",
      "/under_lut",
    );
  }
  if (input.items.length === 0) {
    throw new GstError("no_items", "An invoice needs at least one item.", "/items");
  }
  if (input.items.length > MAX_INVOICE_ITEMS) {
    throw new GstError(
      "too_many_items",
      `An invoice has at most ${MAX_INVOICE_ITEMS} items; this one has ${input.items.length}.`,
      "/items",
    );
  }
}

function checkItem(item: TaxItemInput, index: number, date: string): void {
  const at = (field: string) => `/items/${index}/${field}`;
  if (item.qty <= 0n) {
    throw new GstError("invalid_quantity", "The quantity must be more than zero.", at("qty"));
  }
  if (item.rate < 0n) {
    throw new GstError("invalid_unit_price", "The unit price cannot be negative.", at("rate"));
  }
  if ((item.discount ?? 0n) < 0n) {
    throw new GstError("invalid_discount", "The discount cannot be negative.", at("discount"));
  }
  if (!isRateInForce(item.gst_rate, date)) {
    throw new GstError(
      "rate_not_in_force",
      `GST at ${formatMilli(item.gst_rate)}% is not a rate in force on ${date}.`,
      at("gst_rate"),
    );
  }
  const cessRate = item.cess_rate ?? 0n;
  if (cessRate < 0n) {
    throw new GstError("invalid_cess_rate", "The cess rate cannot be negative.", at("cess_rate"));
  }
  if (!isCessRateAllowed(cessRate, date)) {
    throw new GstError(
      "cess_not_in_force",
      `Compensation cess is not levied on ${date}; the cess rate must be 0.`,
      at("cess_rate"),
    );
  }
}

function checkMagnitude(paise: Paise, pointer: string): void {
  if (paise > MAX_DOCUMENT_AMOUNT) {
    throw new GstError("amount_out_of_range", "The amount is larger than 99,999,999,999.99.", pointer);
  }
}

function taxItem(
  item: TaxItemInput,
  index: number,
  input: InvoiceTaxInput,
  supplyType: SupplyType,
): TaxedItem {
  checkItem(item, index, input.date);
  const gross = divideRoundHalfUp(item.qty * item.rate, GROSS_TO_PAISE);
  checkMagnitude(gross, `/items/${index}`);
  const discount = item.discount ?? 0n;
  if (discount > gross) {
    throw new GstError(
      "discount_exceeds_gross",
      "The discount is more than quantity × unit price.",
      `/items/${index}/discount`,
    );
  }
  const taxableValue = gross - discount;
  // Each half is rounded on its own rather than halving a rounded total, so CGST always equals
  // SGST, as the portal checks.
  const half =
    supplyType === "intra_state"
      ? divideRoundHalfUp(taxableValue * item.gst_rate, 2n * RATE_DENOMINATOR)
      : 0n;
  const charged = input.under_lut !== true;
  const igst =
    supplyType === "inter_state" && charged
      ? divideRoundHalfUp(taxableValue * item.gst_rate, RATE_DENOMINATOR)
      : 0n;
  const cessRate = item.cess_rate ?? 0n;
  const cess = charged ? divideRoundHalfUp(taxableValue * cessRate, RATE_DENOMINATOR) : 0n;
  const valueWithTax = taxableValue + half + half + igst + cess;
  return {
    gross,
    discount,
    taxable_value: taxableValue,
    gst_rate: item.gst_rate,
    cgst: half,
    sgst: half,
    igst,
    cess_rate: cessRate,
    cess,
    total: input.reverse_charge === true ? taxableValue : valueWithTax,
  };
}

type AmountField = "gross" | "discount" | "taxable_value" | "cgst" | "sgst" | "igst" | "cess" | "total";

function sum(items: readonly TaxedItem[], field: AmountField): Paise {
  return items.reduce((total, item) => total + item[field], 0n);
}

/**
 * Taxes every item and totals the invoice. Tax is computed and rounded per item; invoice totals
 * are sums of the rounded items, so items always add up to the totals.
 *
 * Under reverse charge the recipient pays the tax to the government, not to the supplier: the
 * tax is still computed and shown (items and totals carry it, as the invoice must state it), but
 * it is left out of the item totals and the invoice total, which is what the buyer owes the
 * supplier: the taxable value plus the round-off.
 */
export function computeInvoiceTax(input: InvoiceTaxInput): InvoiceTax {
  checkInput(input);
  const supplyType = supplyTypeOf(input.supplier_state, input.place_of_supply, input.sez);
  const items = input.items.map((item, index) => taxItem(item, index, input, supplyType));
  const gross = sum(items, "gross");
  const cgst = sum(items, "cgst");
  const sgst = sum(items, "sgst");
  const igst = sum(items, "igst");
  const cess = sum(items, "cess");
  // Every total is at most this sum, or 50 paise above it once rounded: bounding both keeps every
  // amount within the contract's Money.
  checkMagnitude(gross + cgst + sgst + igst + cess, "/items");
  const unrounded = sum(items, "total");
  const total = roundToRupee(unrounded);
  checkMagnitude(total, "/items");
  return {
    supply_type: supplyType,
    utgst: supplyType === "intra_state" && isUtgstTerritory(input.supplier_state),
    reverse_charge: input.reverse_charge === true,
    under_lut: input.under_lut === true,
    deemed_export: input.deemed_export === true,
    items,
    gross,
    discount: sum(items, "discount"),
    taxable_value: sum(items, "taxable_value"),
    cgst,
    sgst,
    igst,
    cess,
    round_off: total - unrounded,
    total,
  };
}
