import type { components } from "@bahi/contract";
import { checkShippingBill } from "@bahi/gst";
import type { Executor } from "../../db/client.js";
import { invoices } from "../../db/schema.js";
import { conflict, notFound } from "../../values/problem.js";
import { recordEvent } from "../events/events.js";
import { type Owner, ownedRow } from "../shared/owner.js";
import { underRules } from "../shared/refusals.js";
import { toInvoice } from "./invoice-view.js";
import { itemsOf, lockInvoice } from "./read.js";

type Invoice = components["schemas"]["Invoice"];
type ShippingBill = components["schemas"]["ShippingBill"];

/**
 * POST /v1/invoices/{id}/shipping_bill: records (or corrects) an export's shipping bill, which customs
 * usually assigns after the invoice is issued. The e-invoice registered at issue stays as it was. The
 * bill the invoice already has writes nothing and announces nothing.
 */
export async function recordShippingBill(
  tx: Executor,
  owner: Owner,
  id: string,
  bill: ShippingBill,
  now: Date,
): Promise<Invoice> {
  const row = await lockInvoice(tx, owner, id);
  if (row.status === "cancelled") throw conflict("invoice_cancelled", `Invoice ${row.number} is cancelled.`);
  underRules(() => checkShippingBill(bill, row, now, { bill: "", notAnExport: "/path/id" }));
  const items = async () => (await itemsOf(tx, owner, [id])).get(id) ?? [];
  const recorded = row.shippingBill as ShippingBill | null;
  if (
    recorded?.port_code === bill.port_code &&
    recorded.number === bill.number &&
    recorded.date === bill.date
  ) {
    return toInvoice(row, await items());
  }
  const [updated] = await tx
    .update(invoices)
    .set({ shippingBill: bill })
    .where(ownedRow(invoices, owner, id))
    .returning();
  if (!updated) throw notFound("invoice", id);
  const invoice = toInvoice(updated, await items());
  await recordEvent(tx, owner, "invoice.shipping_bill_recorded", invoice);
  return invoice;
}
