import type { components } from "@bahi/contract";
import { draftInvoice } from "@bahi/gst";
import type { EInvoiceProvider } from "../../einvoice/provider.js";
import { newId } from "../../values/ids.js";
import type { JsonText } from "../../values/json-text.js";
import { ApiError, field } from "../../values/problem.js";
import { checkLiveInvoiceQuota, liveInvoiceQuota } from "../accounts/plans.js";
import { refuseShortageAsRead } from "../catalogue/stock.js";
import type { IrpSelections } from "../einvoice/selections.js";
import type { Owner } from "../shared/owner.js";
import { draftOrRefuse } from "../shared/refusals.js";
import type { WriteContext } from "../shared/writes.js";
import { readInvoiceFacts } from "./facts.js";
import { type IssueDeps, issueInvoice } from "./issue.js";

type Invoice = components["schemas"]["Invoice"];
type InvoiceCreate = components["schemas"]["InvoiceCreate"];

/** A refusal of stock (which names the SKU) pointing at the lines of that SKU, as the spec says. */
function withStockLines(error: unknown, request: InvoiceCreate): unknown {
  if (!(error instanceof ApiError) || !["insufficient_stock", "stock_above_maximum"].includes(error.code)) {
    return error;
  }
  const sku = error.extras.sku;
  const errors = request.items.flatMap((item, i) =>
    item.sku === sku ? [field(error.code, `/items/${i}/qty`, error.detail)] : [],
  );
  return new ApiError(error.status, error.code, error.detail, { ...error.extras, errors });
}

/** An invoice as issued: `pending` when a live IRP registers it after the commit. */
export interface CreatedInvoice {
  readonly id: string;
  readonly invoice: JsonText<Invoice>;
  readonly pending: boolean;
}

/**
 * POST /v1/invoices: reads the facts, drafts the invoice (packages/gst decides every rule and
 * figure), then numbers and writes it in the request's transaction, registered there with the
 * sandbox, or queued for a live IRP (registered once committed, outside every lock).
 */
export async function createInvoice(
  write: WriteContext,
  owner: Owner,
  request: InvoiceCreate,
  now: Date,
  deps: Omit<IssueDeps, "irp"> & { irp: EInvoiceProvider; selections?: IrpSelections },
): Promise<CreatedInvoice> {
  // The facts are read without a lock, so beside the transaction when there is a connection for it.
  const reads = deps.readsBeside ?? write.tx ?? write.pool;
  const [{ account, facts, productRows, lastInSeries }, live] = await Promise.all([
    readInvoiceFacts(reads, owner, request, now),
    deps.selections?.registersLive(reads, owner) ?? false,
  ]);
  const draft = draftOrRefuse(draftInvoice(facts, request, now));
  const id = newId("invoice");
  try {
    // A sale of stock already gone costs no lock and no number.
    refuseShortageAsRead(draft.stockMoves, new Map(productRows.map((row) => [row.id, row])));
    const invoice = await issueInvoice(
      write,
      {
        owner,
        id,
        draft,
        policy: { format: account.invoiceNumberFormat, reset: account.numberReset },
        now,
        lastInSeries,
        quota: liveInvoiceQuota(owner, account) !== null,
        checkQuota: (executor, counted) => checkLiveInvoiceQuota(executor, owner, account, now, counted),
      },
      { irp: live ? null : deps.irp, readsBeside: deps.readsBeside, claims: deps.claims },
    );
    return { id, invoice, pending: live && draft.einvoiced };
  } catch (error) {
    throw withStockLines(error, request);
  }
}
