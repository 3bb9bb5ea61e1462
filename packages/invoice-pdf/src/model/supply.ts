import { OTHER_COUNTRIES_STATE_CODE } from "@bahi/gst";
import type { AnyDocument, Invoice } from "../types.js";

/**
 * The kind of supply: as a particular (intra-state, export, SEZ), and as the endorsements that an
 * export or a supply to an SEZ carries.
 */

export function supplyDescription(document: AnyDocument, invoice: Invoice | null): string {
  const exported = document.place_of_supply === OTHER_COUNTRIES_STATE_CODE;
  if (invoice?.sez)
    return `Supply to an SEZ unit or developer (IGST${invoice.under_lut ? ", under LUT" : ""})`;
  if (exported) {
    return invoice?.under_lut ? "Export (IGST, under LUT)" : "Export (IGST)";
  }
  if (document.supply_type === "intra_state") return `Intra-state (CGST + ${document.sgst_label})`;
  return "Inter-state (IGST)";
}

export function endorsementsOf(invoice: Invoice): string[] {
  const exported = invoice.place_of_supply === OTHER_COUNTRIES_STATE_CODE;
  if (!invoice.sez && !exported) return [];
  const what = invoice.sez
    ? "SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS"
    : "SUPPLY MEANT FOR EXPORT";
  return [
    invoice.under_lut
      ? `${what} UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX`
      : `${what} ON PAYMENT OF INTEGRATED TAX`,
  ];
}
