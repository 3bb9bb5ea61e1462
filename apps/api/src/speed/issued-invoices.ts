import type { components } from "@bahi/contract";
import { and, eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { textArrayLiteral } from "../db/arrays.js";
import type { Executor } from "../db/client.js";
import { invoiceItems, invoices } from "../db/schema.js";
import { inTransaction } from "../db/transactions.js";
import {
  type InvoiceState,
  type InvoiceStateRow,
  invoiceState,
  toInvoice,
} from "../services/invoices/invoice-view.js";
import { invoiceColumns } from "../services/invoices/read.js";
import type { Owner } from "../services/shared/owner.js";
import { preparedOn } from "./prepared.js";
import { ReadBatches } from "./read-batches.js";

type Invoice = components["schemas"]["Invoice"];

/**
 * ISSUED_INVOICE_CACHE_CHARS: about how much of its invoices' rows a process keeps, in characters of
 * their text columns (the signed JWTs are most of it): some 6,000 invoices of three lines with an IRN.
 */
export const ISSUED_INVOICE_CACHE_CHARS = 32 * 1024 * 1024;

/** The columns of InvoiceStateRow: what payments, notes, a shipping bill and a cancellation change. */
const stateColumns = {
  id: invoices.id,
  status: invoices.status,
  total: invoices.total,
  amountPaid: invoices.amountPaid,
  amountCredited: invoices.amountCredited,
  amountDebited: invoices.amountDebited,
  shippingBill: invoices.shippingBill,
  cancellation: invoices.cancellation,
};
type StateRow = InvoiceStateRow & { id: string };

/** The state's fields, in the order toInvoice writes them. */
const STATE_KEYS = [
  "status",
  "amount_debited",
  "amount_paid",
  "amount_credited",
  "balance_due",
  "shipping_bill",
  "cancellation",
] as const satisfies readonly (keyof InvoiceState)[];

/**
 * toInvoice's JSON of an issued invoice cut around its state's values: STATE_KEYS.length + 1 pieces,
 * between which the state's values, serialised, rebuild the whole text byte for byte.
 */
type Issued = readonly string[];

// No text of an invoice holds U+0000 (the API refuses it in every string), so a mark cannot clash.
const mark = (i: number) => `\u0000${i}\u0000`;

function piecesOf(invoice: Invoice): Issued {
  const marked: Record<string, unknown> = { ...invoice };
  STATE_KEYS.forEach((key, i) => {
    marked[key] = mark(i);
  });
  return JSON.stringify(marked).split(/"\\u0000\d\\u0000"/);
}

function joined(pieces: Issued, state: InvoiceState): string {
  let text = pieces[0] as string;
  STATE_KEYS.forEach((key, i) => {
    text += JSON.stringify(state[key]) + pieces[i + 1];
  });
  return text;
}

const owned = and(
  eq(invoices.accountId, sql.placeholder("accountId")),
  eq(invoices.livemode, sql.placeholder("livemode")),
  sql`${invoices.id} = any(${sql.placeholder("ids")}::text[])`,
);
const statesByIds = preparedOn((db) =>
  db.select(stateColumns).from(invoices).where(owned).prepare("invoice_states_by_ids"),
);
const rowById = preparedOn((db) =>
  db
    .select(invoiceColumns)
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, sql.placeholder("accountId")),
        eq(invoices.livemode, sql.placeholder("livemode")),
        eq(invoices.id, sql.placeholder("id")),
      ),
    )
    .prepare("invoice_by_id"),
);
const itemsById = preparedOn((db) =>
  db
    .select()
    .from(invoiceItems)
    .where(
      and(
        eq(invoiceItems.accountId, sql.placeholder("accountId")),
        eq(invoiceItems.livemode, sql.placeholder("livemode")),
        eq(invoiceItems.invoiceId, sql.placeholder("id")),
      ),
    )
    .prepare("invoice_items_by_id"),
);

const charsOf = (pieces: Issued) => pieces.reduce((sum, piece) => sum + piece.length, 0);

/**
 * GET /v1/invoices/{id} with the part of an invoice that never changes once issued (its lines,
 * party, totals, IRN and signed JWTs) kept in memory: a read then asks PostgreSQL only for the few
 * columns that do change, and the state reads that arrive in one turn of the event loop share one
 * statement per account and mode (ReadBatches). Every answer is still built by toInvoice, so it is
 * the same JSON as without this module. Remove it by giving retrieveInvoice no `issued`.
 */
export class IssuedInvoices {
  readonly #cache: LRUCache<string, Issued>;
  readonly #batches = new WeakMap<Executor, ReadBatches<Owner, StateRow>>();

  constructor(maxChars = ISSUED_INVOICE_CACHE_CHARS) {
    this.#cache = new LRUCache({ maxSize: maxChars, sizeCalculation: charsOf });
  }

  /** The invoice's JSON, as JSON.stringify(toInvoice(…)) writes it; undefined when the owner has none. */
  async find(db: Executor, owner: Owner, id: string): Promise<string | undefined> {
    const key = `${owner.accountId}:${owner.livemode}:${id}`;
    const issued = this.#cache.get(key);
    if (!issued) {
      const params = { accountId: owner.accountId, livemode: owner.livemode, id };
      const [[row], items] = await Promise.all([rowById(db).execute(params), itemsById(db).execute(params)]);
      if (!row) return undefined;
      const invoice = toInvoice(row, items);
      // A registration with a live IRP still to come would change the IRN's fields.
      if (invoice.einvoice_status !== "pending" && invoice.einvoice_status !== "failed") {
        this.#cache.set(key, piecesOf(invoice));
      }
      return JSON.stringify(invoice);
    }
    const state = await this.#stateOf(db, owner, id);
    return state && joined(issued, invoiceState(state));
  }

  #stateOf(db: Executor, owner: Owner, id: string): Promise<StateRow | undefined> {
    if (inTransaction(db)) {
      return statesByIds(db)
        .execute({ accountId: owner.accountId, livemode: owner.livemode, ids: textArrayLiteral([id]) })
        .then(([state]) => state);
    }
    let batches = this.#batches.get(db);
    if (!batches) {
      batches = new ReadBatches(
        (o) => `${o.accountId} ${o.livemode}`,
        async (o, ids) => {
          const rows = await statesByIds(db).execute({
            accountId: o.accountId,
            livemode: o.livemode,
            ids: textArrayLiteral(ids),
          });
          return new Map(rows.map((state) => [state.id, state]));
        },
      );
      this.#batches.set(db, batches);
    }
    return batches.read(owner, id);
  }
}
