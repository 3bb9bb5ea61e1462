import { and, eq, sql } from "drizzle-orm";
import { textArrayLiteral } from "../db/arrays.js";
import type { Executor } from "../db/client.js";
import { invoiceItems, invoices } from "../db/schema.js";
import { inTransaction } from "../db/transactions.js";
import { type Owner, ownedRowPlaceholder } from "../services/shared/owner.js";
import { notFound } from "../values/problem.js";
import type { IssuedInvoiceCache, IssuedInvoiceJson } from "./issued-invoice-cache.js";
import { cachedJsonOf, cacheKeyOf, listedJson } from "./json-cache.js";
import { amount, instant } from "./json-sql.js";
import { preparedOn } from "./prepared.js";
import { ReadBatches } from "./read-batches.js";

/*
 * The API's view of an invoice (toInvoice's), written by PostgreSQL as JSON text: GET
 * /v1/invoices/{id}, the hottest read, then costs Node no mapping, no parsing and no serialising.
 * Amounts go out as `numeric` with their trailing zeros trimmed, as JavaScript writes the same
 * decimal, so no amount passes through a float; instants as `toISOString` writes them. The tests read
 * every invoice they create back and compare it with the create's answer, built by toInvoice.
 *
 * The object is written in pieces, each a json_build_object: four that never change once the invoice
 * is issued, and three around the fields that payments, credit notes, a shipping bill and a
 * cancellation change. A node keeps the four of the invoices it has read (IssuedInvoiceCache); reading
 * it again then costs PostgreSQL a look at a few columns of one row, not the lines, the signed JWTs and
 * thirty fields.
 */
// The outer columns are named in full: a bare `account_id` in the lines' subquery would be the line's
// own, which loses the index and scans every line.
const linesJson = sql`(
  select coalesce(json_agg(json_build_object(
    'sku', it.sku, 'product_id', it.product_id, 'description', it.description,
    'hsn_code', it.hsn_code, 'unit', it.unit, 'qty', trim_scale(it.qty), 'rate', trim_scale(it.rate),
    'discount', trim_scale(it.discount), 'taxable_value', trim_scale(it.taxable_value),
    'gst_rate', trim_scale(it.gst_rate), 'cgst', trim_scale(it.cgst), 'sgst', trim_scale(it.sgst),
    'igst', trim_scale(it.igst), 'cess', trim_scale(it.cess), 'total', trim_scale(it.total))
    order by it.line_no), '[]')
  from ${invoiceItems} it
  where it.account_id = "invoices".account_id and it.livemode = "invoices".livemode
    and it.invoice_id = "invoices".id)`;

/** What never changes once an invoice is issued, in the order of the answer's keys. */
const issuedColumns = {
  head: sql<string>`json_build_object(
    'id', ${invoices.id}, 'object', 'invoice', 'livemode', ${invoices.livemode},
    'number', ${invoices.number}, 'date', ${invoices.date}, 'due_date', ${invoices.dueDate})::text`,
  supply: sql<string>`json_build_object(
    'party_id', ${invoices.partyId}, 'party', ${invoices.party}, 'ship_to', ${invoices.shipTo},
    'place_of_supply', ${invoices.placeOfSupply}, 'supply_type', ${invoices.supplyType},
    'sez', ${invoices.sez}, 'under_lut', ${invoices.underLut}, 'deemed_export', ${invoices.deemedExport},
    'reverse_charge', ${invoices.reverseCharge}, 'items', ${linesJson},
    'taxable_value', ${amount(invoices.taxableValue)}, 'cgst', ${amount(invoices.cgst)},
    'sgst', ${amount(invoices.sgst)}, 'igst', ${amount(invoices.igst)}, 'cess', ${amount(invoices.cess)},
    'round_off', ${amount(invoices.roundOff)}, 'total', ${amount(invoices.total)})::text`,
  registration: sql<string>`json_build_object(
    'sgst_label', ${invoices.sgstLabel}, 'irn', ${invoices.irn}, 'ack_no', ${invoices.ackNo},
    'ack_date', ${instant(invoices.ackDate)}, 'signed_qr_code', ${invoices.signedQrCode},
    'signed_invoice', ${invoices.signedInvoice})::text`,
  tail: sql<string>`json_build_object(
    'notes', ${invoices.notes}, 'created_at', ${instant(invoices.createdAt)})::text`,
};

/** What payments, credit and debit notes, a shipping bill and a cancellation change: read on every GET. */
const stateColumns = {
  status: sql<string>`json_build_object('status', ${invoices.status})::text`,
  settlement: sql<string>`json_build_object(
    'amount_debited', ${amount(invoices.amountDebited)}, 'amount_paid', ${amount(invoices.amountPaid)},
    'amount_credited', ${amount(invoices.amountCredited)},
    'balance_due', case when ${invoices.status} = 'cancelled' then 0
      else ${amount(sql`${invoices.total} + ${invoices.amountDebited} - ${invoices.amountPaid} - ${invoices.amountCredited}`)} end)::text`,
  recorded: sql<string>`json_build_object(
    'shipping_bill', ${invoices.shippingBill}, 'cancellation', ${invoices.cancellation})::text`,
};
type InvoiceState = { [K in keyof typeof stateColumns]: string };

const invoiceStateById = preparedOn((db) =>
  db
    .select(stateColumns)
    .from(invoices)
    .where(ownedRowPlaceholder(invoices, invoices.id))
    .limit(1)
    .prepare("invoice_state_by_id"),
);

/** An owner's invoices among the ids of a statement's text array `ids`. */
const ownedAmongIds = and(
  eq(invoices.accountId, sql.placeholder("accountId")),
  eq(invoices.livemode, sql.placeholder("livemode")),
  sql`${invoices.id} = any(${sql.placeholder("ids")}::text[])`,
);

const invoiceStatesByIds = preparedOn((db) =>
  db
    .select({ id: invoices.id, ...stateColumns })
    .from(invoices)
    .where(ownedAmongIds)
    .prepare("invoice_states_by_ids"),
);

/** The states asked for on one connection pool in one turn of the event loop, one statement per owner. */
const stateBatches = new WeakMap<Executor, ReadBatches<Owner, InvoiceState>>();

function stateOf(db: Executor, owner: Owner, id: string): Promise<InvoiceState | undefined> {
  if (inTransaction(db)) {
    return invoiceStateById(db)
      .execute({ accountId: owner.accountId, livemode: owner.livemode, id })
      .then(([state]) => state);
  }
  let batches = stateBatches.get(db);
  if (!batches) {
    batches = new ReadBatches(
      (o) => `${o.accountId} ${o.livemode}`,
      async (o, ids) => {
        const rows = await invoiceStatesByIds(db).execute({
          accountId: o.accountId,
          livemode: o.livemode,
          ids: textArrayLiteral(ids),
        });
        return new Map(rows.map(({ id: rowId, ...state }) => [rowId, state]));
      },
    );
    stateBatches.set(db, batches);
  }
  return batches.read({ accountId: owner.accountId, livemode: owner.livemode }, id);
}

const invoiceJsonById = preparedOn((db) =>
  db
    .select({ ...issuedColumns, ...stateColumns })
    .from(invoices)
    .where(ownedRowPlaceholder(invoices, invoices.id))
    .limit(1)
    .prepare("invoice_json_by_id"),
);

const issuedByIds = preparedOn((db) =>
  db
    .select({ id: invoices.id, ...issuedColumns })
    .from(invoices)
    .where(ownedAmongIds)
    .prepare("invoices_issued_by_ids"),
);

/** `{"a" : 1, "b" : 2}` → `"a" : 1, "b" : 2`: the fields of one piece, to be joined with the others. */
const fieldsOf = (piece: string) => piece.slice(1, -1);

function piecesOf(row: { [K in keyof typeof issuedColumns]: string }): IssuedInvoiceJson {
  return [row.head.slice(0, -1), fieldsOf(row.supply), fieldsOf(row.registration), row.tail.slice(1)];
}

/** The JSON that a single json_build_object of every field would write, key for key. */
function joined(issued: IssuedInvoiceJson, state: InvoiceState): string {
  return `${issued[0]}, ${fieldsOf(state.status)}, ${issued[1]}, ${fieldsOf(state.settlement)}, ${issued[2]}, ${fieldsOf(state.recorded)}, ${issued[3]}`;
}

/** GET /v1/invoices/{id}: the Invoice as JSON text, written by PostgreSQL. */
export async function findInvoiceJson(
  db: Executor,
  cache: IssuedInvoiceCache,
  owner: Owner,
  id: string,
): Promise<string> {
  const params = { accountId: owner.accountId, livemode: owner.livemode, id };
  const key = cacheKeyOf(owner, "invoice", id);
  const issued = cache.get(key);
  if (issued) {
    const state = await stateOf(db, owner, id);
    if (!state) throw notFound("invoice", id);
    return joined(issued, state);
  }
  const [row] = await invoiceJsonById(db).execute(params);
  if (!row) throw notFound("invoice", id);
  const pieces = piecesOf(row);
  cache.set(key, pieces);
  return joined(pieces, row);
}

/** What a list reads of each invoice of its page: its id and the fields that change once issued. */
export const listedInvoiceColumns = { id: invoices.id, ...stateColumns };
export type ListedInvoice = InvoiceState & { readonly id: string };

/**
 * The invoices of a list's page as JSON text, in the page's order, each as GET /v1/invoices/{id}
 * answers it: with the state the page's own statement read, and the rest from this node's cache, or
 * for the invoices not in it from PostgreSQL, in one statement. Mapped and serialised in Node, each
 * invoice of a page cost the main thread about 0.16 ms (BENCHMARKS.md, "List pages of invoices").
 */
export async function listedInvoicesJson(
  db: Executor,
  cache: IssuedInvoiceCache,
  owner: Owner,
  listed: readonly ListedInvoice[],
): Promise<string[]> {
  const ids = listed.map((invoice) => invoice.id);
  const pieces = await cachedJsonOf(cache, owner, "invoice", ids, async (missing) => {
    const rows = await issuedByIds(db).execute({
      accountId: owner.accountId,
      livemode: owner.livemode,
      ids: textArrayLiteral(missing),
    });
    return new Map(rows.map((row) => [row.id, piecesOf(row)]));
  });
  return listedJson(ids, pieces).map((issued, i) => joined(issued, listed[i] as ListedInvoice));
}
