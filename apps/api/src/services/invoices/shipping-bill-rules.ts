import type { components } from "@bahi/contract";
import { OTHER_COUNTRIES_STATE_CODE, todayInIst } from "@bahi/gst";
import { field, unprocessable } from "../../values/problem.js";

type ShippingBill = components["schemas"]["ShippingBill"];

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
    throw unprocessable("not_an_export", "Only an export (place of supply 96) has a shipping bill.", [
      field("not_an_export", at.notAnExport, "the invoice is not an export"),
    ]);
  }
  const today = todayInIst(now);
  if (bill.date > today) {
    throw unprocessable("date_in_future", `The shipping bill's date is after today (${today}) in India.`, [
      field("date_in_future", `${at.bill}/date`, `must not be after today (${today}) in India`),
    ]);
  }
  if (bill.date < invoice.date) {
    throw unprocessable(
      "shipping_bill_before_invoice",
      `The shipping bill is dated before its invoice (${invoice.date}).`,
      [
        field(
          "shipping_bill_before_invoice",
          `${at.bill}/date`,
          `must not be before the invoice date ${invoice.date}`,
        ),
      ],
    );
  }
}
