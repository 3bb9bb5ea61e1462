import type { components } from "@bahi/contract";
import { todayInIst } from "./dates.js";
import { checkAddressInState, EINVOICE_MIN_NAME_LENGTH, registrableGstin } from "./party-rules.js";
import { refuse } from "./refusal.js";
import { OTHER_COUNTRIES_STATE_CODE } from "./states.js";

type ShipTo = components["schemas"]["ShipTo"];
type ShipToCreate = components["schemas"]["ShipToCreate"];
type ShippingBill = components["schemas"]["ShippingBill"];

/**
 * The consignee of a "bill to one, ship to another" invoice, as the invoice keeps it: a registered
 * consignee's address lies in its GSTIN's state, and an e-invoiced supply's address names a locality
 * the IRP takes. Missing optional fields are written out as `null`, as the party's own address is.
 */
export function checkShipTo(shipTo: ShipToCreate, einvoiced: boolean): ShipTo {
  const gstin = shipTo.gstin ?? null;
  if (gstin !== null) {
    const { stateCode } = registrableGstin(gstin, "/ship_to/gstin");
    checkAddressInState(shipTo.address, stateCode, "/ship_to/address");
  }
  const { address } = shipTo;
  if (einvoiced && address.city.length < EINVOICE_MIN_NAME_LENGTH) {
    const message = `must have at least ${EINVOICE_MIN_NAME_LENGTH} characters for the e-invoice`;
    refuse(
      "einvoice_party_incomplete",
      `The ship-to city "${address.city}" ${message}.`,
      "/ship_to/address/city",
      message,
    );
  }
  const line2 = address.line2 ?? null;
  return {
    name: shipTo.name,
    gstin,
    address:
      "country" in address
        ? { ...address, line2, postal_code: address.postal_code ?? null }
        : { ...address, line2 },
  };
}

/** Where a request names the bill, and what to blame when the invoice is not an export. */
export interface ShippingBillPointers {
  /** `/shipping_bill` in a create; the whole body (an empty pointer) in POST …/shipping_bill. */
  readonly bill: string;
  /** The create's `/shipping_bill`, or the invoice named by the path (`/path/id`). */
  readonly notAnExport: string;
}

/**
 * Whether `bill` may be recorded on an invoice: only an export has a shipping bill, filed no earlier
 * than the invoice it covers and no later than today.
 */
export function checkShippingBill(
  bill: ShippingBill,
  invoice: { readonly date: string; readonly placeOfSupply: string },
  now: Date,
  at: ShippingBillPointers,
): void {
  if (invoice.placeOfSupply !== OTHER_COUNTRIES_STATE_CODE) {
    refuse(
      "not_an_export",
      "Only an export (place of supply 96) has a shipping bill.",
      at.notAnExport,
      "the invoice is not an export",
    );
  }
  const today = todayInIst(now);
  if (bill.date > today) {
    refuse(
      "date_in_future",
      `The shipping bill's date is after today (${today}) in India.`,
      `${at.bill}/date`,
      `must not be after today (${today}) in India`,
    );
  }
  if (bill.date < invoice.date) {
    refuse(
      "shipping_bill_before_invoice",
      `The shipping bill is dated before its invoice (${invoice.date}).`,
      `${at.bill}/date`,
      `must not be before the invoice date ${invoice.date}`,
    );
  }
}
