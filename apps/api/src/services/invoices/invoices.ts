import type { components } from "@bahi/contract";
import {
  computeInvoiceTax,
  financialYearOf,
  formatMilli,
  formatRupees,
  type GstError,
  type InvoiceTax,
  isGstError,
  type Milli,
  OTHER_COUNTRIES_STATE_CODE,
  parseMilli,
  parseNumeric,
  parseRupees,
  todayInIst,
} from "@bahi/gst";
import { and, desc, eq, inArray, isNotNull, lt, not, type SQL, sql } from "drizzle-orm";
import { textArrayLiteral } from "../../db/arrays.js";
import type { Executor } from "../../db/client.js";
import { isLockTimeout, isUniqueViolation } from "../../db/errors.js";
import { byColumnName, rowsOf } from "../../db/rows.js";
import {
  accounts,
  creditNotes,
  debitNotes,
  documentSeries,
  invoiceItems,
  invoices,
  parties,
  productRateHistory,
  products,
} from "../../db/schema.js";
import { atomically, inTransaction } from "../../db/transactions.js";
import { buildInv01, EINVOICE_MIN_NAME_LENGTH } from "../../einvoice/inv01.js";
import {
  type EInvoice,
  type EInvoiceProvider,
  type IrpRegistration,
  registrationColumns,
} from "../../einvoice/provider.js";
import { BuiltStatement, sendingOn } from "../../speed/built-statement.js";
import { listedInvoiceColumns, listedInvoicesJson } from "../../speed/invoice-json.js";
import type { IssuedInvoiceCache } from "../../speed/issued-invoice-cache.js";
import { LANE_LOCK_TIMEOUT, type Lane, wroteNothingOnLane } from "../../speed/lanes.js";
import type { Guess, Taker } from "../../speed/number-guesses.js";
import { preparedOn } from "../../speed/prepared.js";
import { newId } from "../../values/ids.js";
import { JsonText } from "../../values/json-text.js";
import {
  ApiError,
  conflict,
  type FieldErrorList,
  field,
  notFound,
  unprocessable,
} from "../../values/problem.js";
import type { AccountRow } from "../accounts/accounts.js";
import { checkLiveInvoiceQuota, liveInvoiceQuota } from "../accounts/plans.js";
import {
  applyStockMovements,
  causeOf,
  MOVED_ROWS,
  type Move,
  type MovedRow,
  type MovementCause,
  movementsOfSource,
  NO_REORDER_LEVEL_REACHED,
  refuseShortageAsRead,
  STOCK_SUFFICES,
  settleStockMoves,
  stockLockCtes,
  stockUpdateCtes,
  wantedOf,
} from "../catalogue/stock.js";
import { eventCtes, newEvent, recordEvent } from "../events/events.js";
import type { Services } from "../index.js";
import { toParty } from "../parties/parties.js";
import {
  claimCtes,
  type DocumentNumber,
  formatDocumentNumber,
  type NumberingPolicy,
  nextDocumentNumber,
  seriesKey,
  seriesPeriod,
} from "../shared/document-numbers.js";
import { linesByDocument } from "../shared/document-view.js";
import {
  IDEMPOTENCY_KEY_CONSTRAINT,
  type IdempotencyRecord,
  KeyRecorded,
  keyIsFree,
  NotCommittedAlone,
  type RecordedAnswer,
  recordCte,
  recordedAnswer,
  type StoredAnswer,
  storedAnswer,
} from "../shared/idempotency-record.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { checkDateRange, pageJson, pageOf } from "../shared/pagination.js";
import { cursorOf, datedPage, dateRangeOf, idAmong } from "../shared/sparse-pages.js";
import { type InvoiceItemRow, type InvoiceRow, toInvoice } from "./invoice-view.js";
import { checkShipTo } from "./ship-to-rules.js";
import { checkShippingBill } from "./shipping-bill-rules.js";

type Invoice = components["schemas"]["Invoice"];
type InvoiceCreate = components["schemas"]["InvoiceCreate"];
type InvoiceCancel = components["schemas"]["InvoiceCancel"];
type ProductRow = typeof products.$inferSelect;

/** EINVOICE_CANCEL_WINDOW_HOURS: the IRP cancels an IRN only this long after it was generated. */
export const EINVOICE_CANCEL_WINDOW_HOURS = 24;

/** Tax errors name the line by its SKU, as the spec promises, whatever field of the line was at fault. */
function taxProblem(error: GstError) {
  const line = /^\/items\/(\d+)\//.exec(error.pointer ?? "")?.[1];
  const rateError = error.code === "rate_not_in_force" || error.code === "cess_not_in_force";
  const pointer = line !== undefined && rateError ? `/items/${line}/sku` : (error.pointer ?? "");
  const code = error.code === "cess_not_in_force" ? "rate_not_in_force" : error.code;
  return unprocessable(code, error.message, [field(code, pointer, error.message)]);
}

function checkDates(account: AccountRow, body: InvoiceCreate, now: Date): string {
  const today = todayInIst(now);
  const date = body.date ?? today;
  const errors: FieldErrorList = [];
  if (date > today)
    errors.push(field("date_in_future", "/date", `must not be after today (${today}) in India`));
  const year = financialYearOf(date);
  if (account.booksClosedThrough && year <= account.booksClosedThrough) {
    errors.push(
      field(
        "financial_year_closed",
        "/date",
        `falls in ${year}; books are closed through ${account.booksClosedThrough}`,
      ),
    );
  }
  if (body.due_date && body.due_date < date) {
    errors.push(field("due_date_before_date", "/due_date", `must not be before the invoice date ${date}`));
  }
  const [first] = errors;
  if (first) throw unprocessable(first.code, `${first.pointer.slice(1)} ${first.message}`, errors);
  return date;
}

function checkProducts(rows: readonly ProductRow[], body: InvoiceCreate, einvoiced: boolean) {
  const bySku = new Map(rows.map((row) => [row.sku, row]));
  const errors: FieldErrorList = [];
  const lines = body.items.map((item, i) => {
    const product = bySku.get(item.sku);
    if (!product) {
      errors.push(field("unknown_sku", `/items/${i}/sku`, `no product has SKU ${item.sku}`));
    } else if (einvoiced && product.hsnCode === null) {
      errors.push(
        field(
          "hsn_missing",
          `/items/${i}/sku`,
          `product ${item.sku} has no HSN code, which e-invoices and GSTR-1 need for a registered buyer or an export`,
        ),
      );
    } else if (einvoiced && (item.description ?? product.name).length < EINVOICE_MIN_NAME_LENGTH) {
      // The line's text is the e-invoice's PrdDesc, which the IRP takes from 3 characters.
      const [pointer, what] =
        item.description === undefined
          ? [`/items/${i}/sku`, `product ${item.sku}'s name "${product.name}"`]
          : [`/items/${i}/description`, `the description "${item.description}"`];
      errors.push(
        field(
          "einvoice_item_incomplete",
          pointer,
          `${what} must have at least ${EINVOICE_MIN_NAME_LENGTH} characters for the e-invoice; give the line a longer description`,
        ),
      );
    }
    return { item, product: product as ProductRow };
  });
  const [first] = errors;
  if (first) throw unprocessable(first.code, `${first.pointer.slice(1)}: ${first.message}`, errors);
  return lines;
}

function checkEinvoiceParty(party: { id: string; name: string; address: { city: string } | null }) {
  const short = [
    party.name.length < EINVOICE_MIN_NAME_LENGTH ? `name "${party.name}"` : null,
    party.address && party.address.city.length < EINVOICE_MIN_NAME_LENGTH
      ? `city "${party.address.city}"`
      : null,
  ].filter((what) => what !== null);
  if (short.length === 0) return;
  const message = `the party's ${short.join(" and ")} must have at least ${EINVOICE_MIN_NAME_LENGTH} characters for the e-invoice`;
  throw unprocessable("einvoice_party_incomplete", `Party ${party.id}: ${message}.`, [
    field("einvoice_party_incomplete", "/party_id", message),
  ]);
}

/** A refusal of stock (which names the SKU) pointing at the lines of that SKU, as the spec says. */
function withStockLines(error: unknown, body: InvoiceCreate): unknown {
  if (!(error instanceof ApiError) || !["insufficient_stock", "stock_above_maximum"].includes(error.code)) {
    return error;
  }
  const sku = error.extras.sku;
  const errors = body.items.flatMap((item, i) =>
    item.sku === sku ? [field(error.code, `/items/${i}/qty`, error.detail)] : [],
  );
  return new ApiError(error.status, error.code, error.detail, { ...error.extras, errors });
}

/** One movement per product, even when a product fills several lines. */
function stockMovesOf(lines: readonly { product: ProductRow; qty: Milli }[]): Move[] {
  const wanted = new Map<string, Milli>();
  for (const { product, qty } of lines) {
    if (product.trackStock) wanted.set(product.id, (wanted.get(product.id) ?? 0n) + qty);
  }
  return [...wanted].map(([productId, qty]) => ({ productId, quantity: -qty }));
}

/**
 * An invoice as it is written: its row, its lines, and the object the API answers with, as JSON text.
 * A create sends that object up to three times (its answer, its event and its key's record);
 * serialised for each, it cost the main thread about 30 µs a time (BENCHMARKS.md, "Session 23").
 */
interface InvoiceDocument {
  row: InvoiceRow;
  items: InvoiceItemRow[];
  invoice: JsonText<Invoice>;
}

interface Issue {
  policy: NumberingPolicy;
  date: string;
  /** The series' last numbers as read with the request's other reads, by period. */
  lastInSeries: Readonly<Record<string, number>> | null;
  /** Builds the INV-01 for a number; null when the invoice is not e-invoiced. */
  einvoiceFor: ((number: string) => EInvoice) | null;
  documentFor: (
    taken: DocumentNumber,
    einvoice: EInvoice | null,
    registration: IrpRegistration | null,
  ) => InvoiceDocument;
  moves: readonly Move[];
  cause: MovementCause;
  /** Refuses the invoice if the plan's quota is spent; `counted` when the invoice is already written. */
  checkQuota: (tx: Executor, counted: boolean) => Promise<void>;
  /**
   * Whether the statement that writes a guessed number may commit by itself: the create is not in
   * the request's transaction, and no plan quota has to be counted in its transaction.
   */
  commitsAlone: boolean;
  /**
   * The request's Idempotency-Key, when the invoice is to be written with the key's record by its one
   * statement (see IdempotencyRecord), answering with `status`; anything else throws NotCommittedAlone.
   */
  keyed: { record: IdempotencyRecord; status: number } | null;
}

/** A guess past the format's width is no reason to refuse: the number the lock gives may still fit. */
function guessedNumber(policy: NumberingPolicy, date: string, seq: number): DocumentNumber | null {
  try {
    return formatDocumentNumber(policy, date, seq);
  } catch (error) {
    if (error instanceof ApiError && error.code === "number_format_exhausted") return null;
    throw error;
  }
}

/** The placeholders of claimStatement, and those it has with a key. */
type ClaimValue =
  | "accountId"
  | "livemode"
  | "financialYear"
  | "number"
  | "wanted"
  | "productIds"
  | "causeKind"
  | "causeReason"
  | "causeNote"
  | "causeSource"
  | "period"
  | "seq"
  | "row"
  | "lines"
  | "eventId"
  | "eventData"
  | "eventAt"
  | "deliveryIdStart";
type KeyValue = "lockId" | keyof StoredAnswer;

/**
 * One statement that locks the stock, claims the guessed number if every product has the stock, none
 * reaches its reorder level (rare, and announced by an event this statement does not write) and no
 * invoice has the number already, and only if the claim holds moves the stock and writes the
 * invoice, its lines and its event (the row and lines travel as JSON, so the statement's text is the
 * same for any number of lines). It writes all of that or nothing, so on its own it is a
 * transaction: the series counter and the stock rows, locks that every invoice of the account
 * contends for, are then held for this statement and its commit only (on a lane, for its batch's:
 * see LANE_BATCHES_IN_FLIGHT), without a round trip back to Node in between. Its text is built once
 * for each shape (with a key or not, on a lane or not), with placeholders (see BuiltStatement).
 */
function claimStatement(keyed: boolean, onLane: boolean): SQL {
  const p = (name: ClaimValue | KeyValue) => sql.placeholder(name);
  const owner = { accountId: p("accountId"), livemode: p("livemode") };
  const claimed = sql`exists (select 1 from claimed)`;
  // A number another invoice has (see nextDocumentNumber) is a guess that missed, not an error.
  const numberFree = sql`not exists (select 1 from ${invoices} taken where taken.account_id = ${owner.accountId}
    and taken.livemode = ${owner.livemode} and taken.financial_year = ${p("financialYear")}
    and taken.number = ${p("number")})`;
  const allowed = sql`${STOCK_SUFFICES} and ${NO_REORDER_LEVEL_REACHED} and ${numberFree}`;
  const claimable = keyed ? sql`${allowed} and ${keyIsFree(p("lockId"))}` : allowed;
  const answer = { key: p("key"), fingerprint: p("fingerprint"), status: p("status"), body: p("body") };
  const record = keyed ? sql`${recordCte(owner, answer, claimed)},` : sql``;
  const wanted = { wanted: p("wanted"), productIds: p("productIds") };
  const cause = {
    kind: p("causeKind"),
    reason: p("causeReason"),
    note: p("causeNote"),
    sourceId: p("causeSource"),
  };
  const event = {
    id: p("eventId"),
    type: "invoice.created",
    data: p("eventData"),
    at: p("eventAt"),
    deliveryIdStart: p("deliveryIdStart"),
  } as const;
  return sql`with ${stockLockCtes(owner, wanted, onLane ? LANE_LOCK_TIMEOUT : undefined)},
      ${claimCtes(owner, { kind: "invoice", period: p("period"), seq: p("seq") }, claimable)},
      ${stockUpdateCtes(owner, cause, claimed)},
      ${record}
      invoice as (
        insert into ${invoices}
        select r.* from json_populate_record(null::invoices, ${p("row")}::json) r
        where ${claimed}
      ),
      lines as (
        insert into ${invoiceItems}
        select r.* from json_populate_recordset(null::invoice_items, ${p("lines")}::json) r
        where ${claimed}
      ),
      ${eventCtes(owner, event, claimed)}
      select ${claimed} as claimed, m.* from (select 1) one left join (${MOVED_ROWS}) m on true`;
}

/** The claim's statements by shape, each built the first time it is needed. */
const claimStatements = new Map<string, BuiltStatement<ClaimValue | KeyValue>>();

function builtClaim(keyed: true, onLane: boolean): BuiltStatement<ClaimValue | KeyValue>;
function builtClaim(keyed: false, onLane: boolean): BuiltStatement<ClaimValue>;
function builtClaim(keyed: boolean, onLane: boolean): BuiltStatement<ClaimValue | KeyValue> {
  const shape = `${keyed} ${onLane}`;
  let built = claimStatements.get(shape);
  if (!built) {
    built = new BuiltStatement(claimStatement(keyed, onLane));
    claimStatements.set(shape, built);
  }
  return built;
}

/** Sends claimStatement for the guessed number `seq` once the series' turn comes (see NumberGuesses). */
async function writeIfClaimed(
  { db, lane }: { db: Executor; lane?: Lane | undefined },
  owner: Owner,
  period: string,
  { seq, turn, sent }: Pick<Guess, "seq" | "turn" | "sent">,
  { moves, cause, keyed }: Pick<Issue, "moves" | "cause" | "keyed">,
  { row, items, invoice }: InvoiceDocument,
): Promise<{ claimed: boolean; moved: MovedRow[] }> {
  const causeValues = causeOf(cause);
  const event = newEvent("invoice.created", invoice);
  const values: Record<ClaimValue, unknown> = {
    accountId: owner.accountId,
    livemode: owner.livemode,
    financialYear: row.financialYear,
    number: row.number,
    ...wantedOf(moves),
    causeKind: causeValues.kind,
    causeReason: causeValues.reason,
    causeNote: causeValues.note,
    causeSource: causeValues.sourceId,
    period,
    seq,
    row: JSON.stringify(byColumnName(invoices, row)),
    lines: JSON.stringify(items.map((item) => byColumnName(invoiceItems, item))),
    eventId: event.id,
    eventData: event.data,
    eventAt: event.at,
    deliveryIdStart: event.deliveryIdStart,
  };
  // Bound before the turn and sent when it comes: the claims of a series follow one another, and
  // binding the statement (its JSON) would otherwise lengthen every step of that queue.
  const onLane = lane !== undefined;
  const query = keyed
    ? builtClaim(true, onLane).bind({
        ...values,
        lockId: keyed.record.lockId,
        ...storedAnswer(keyed.record, keyed.status, invoice),
      })
    : builtClaim(false, onLane).bind(values);
  const send = lane ? lane.prepare(query) : sendingOn(db, query);
  await turn;
  // On a lane the statement joins its connection's queue here, synchronously (see Lane.prepare), so
  // the next claim of the lane, sent after this one, reaches PostgreSQL after it.
  const answer = send();
  sent();
  const rows = rowsOf(await answer) as unknown as (MovedRow & { claimed: boolean })[];
  return {
    claimed: rows[0]?.claimed === true,
    moved: rows.filter((r) => r.product_id !== null),
  };
}

/** Writes a numbered invoice with separate statements, pipelined: one round trip. */
async function insertInvoice(tx: Executor, owner: Owner, { row, items, invoice }: InvoiceDocument) {
  await Promise.all([
    tx.insert(invoices).values(row),
    tx.insert(invoiceItems).values(items),
    recordEvent(tx, owner, "invoice.created", invoice),
  ]);
}

/**
 * Numbers, registers and writes the invoice, with its stock taken in the same transaction. When the
 * IRP registers locally (the sandbox) or there is no e-invoice, the invoice is built and signed
 * before any lock, under the number this node expects it to get (see NumberGuesses), and written by
 * writeIfClaimed: on the pool (through the series' lane where there is one), as a transaction of its
 * own, when the issue allows it. A guess that misses (the number was taken, a product lacks the stock
 * or reaches its reorder level) has written nothing; the invoice then takes the stock and the next
 * number under the locks, in a transaction, and is signed again, as is a series' first document.
 */
async function issueInvoice(
  db: Executor,
  owner: Owner,
  { irp, numberGuesses, lanes }: Pick<Services, "irp" | "numberGuesses" | "lanes">,
  issue: Issue,
): Promise<JsonText<Invoice>> {
  const { policy, date, lastInSeries, einvoiceFor, documentFor, moves, cause, checkQuota, keyed } = issue;
  if (keyed && !issue.commitsAlone) throw new NotCommittedAlone();
  const register = async (taken: DocumentNumber) => {
    const einvoice = einvoiceFor ? einvoiceFor(taken.number) : null;
    return documentFor(taken, einvoice, einvoice ? await irp.register(einvoice) : null);
  };
  const period = seriesPeriod(policy, date);
  const series = seriesKey(owner, "invoice", period);
  const underLock = async (tx: Executor, taker: Taker) => {
    const [, taken] = await Promise.all([
      applyStockMovements(tx, owner, moves, cause),
      nextDocumentNumber(tx, owner, "invoice", policy, date),
    ]);
    taker.took(taken.seq);
    const document = await register(taken);
    await checkQuota(tx, false);
    await insertInvoice(tx, owner, document);
    return document.invoice;
  };
  /** Under the lock, as a taker from the first step: see NumberGuesses. */
  const takingUnderLock = async (run: (taker: Taker) => Promise<JsonText<Invoice>>) => {
    const taker = numberGuesses.take(series);
    try {
      return await run(taker);
    } finally {
      taker.release();
    }
  };
  const last = lastInSeries?.[period];
  const lane = issue.commitsAlone ? lanes.laneOf(series) : null;
  const guess =
    (einvoiceFor === null || irp.registersLocally) && last !== undefined
      ? await numberGuesses.guess(series, last, lane !== null)
      : null;
  const guessed = guess ? guessedNumber(policy, date, guess.seq) : null;
  // With a key, whatever cannot be written by the one statement is the request transaction's to do.
  const locked = async () => {
    if (keyed) throw new NotCommittedAlone();
    return takingUnderLock((taker) => atomically(db, (tx) => underLock(tx, taker)));
  };
  if (!guess || !guessed) {
    guess?.done(false);
    return locked();
  }
  const underGuess = async (executor: Executor, lane?: Lane): Promise<JsonText<Invoice> | null> => {
    let document: InvoiceDocument;
    let written: Awaited<ReturnType<typeof writeIfClaimed>> | undefined;
    try {
      document = await register(guessed);
      written = await writeIfClaimed({ db: executor, lane }, owner, period, guess, issue, document);
    } finally {
      guess.done(written?.claimed === true);
    }
    if (!written.claimed) return null;
    await settleStockMoves(executor, owner, moves, written.moved, cause);
    await checkQuota(executor, true);
    return document.invoice;
  };
  if (!issue.commitsAlone) {
    // A transaction that fails to begin never runs underGuess, which gives the guess up: the claims
    // after it would wait for its answer for ever.
    let begun = false;
    try {
      return await atomically(db, async (tx) => {
        begun = true;
        return (await underGuess(tx)) ?? takingUnderLock((taker) => underLock(tx, taker));
      });
    } finally {
      if (!begun) guess.done(false);
    }
  }
  const opened = lane
    ? await lane.catch((error: unknown) => {
        guess.done(false);
        throw error;
      })
    : undefined;
  let invoice: JsonText<Invoice> | null;
  try {
    invoice = await underGuess(db, opened);
  } catch (error) {
    // A claim that found its key recorded, or on a lane waited too long for a lock, found the lane
    // closed or was rolled back with another claim of its batch, wrote nothing: it takes the locked
    // path, which waits on a connection of its own (with a key, the request's transaction). Any
    // other failure retires the lane it was sent on.
    const keyTaken = keyed !== null && isUniqueViolation(error, IDEMPOTENCY_KEY_CONSTRAINT);
    const laneGaveUp = opened !== undefined && (isLockTimeout(error) || wroteNothingOnLane(error));
    if (!keyTaken && !laneGaveUp) {
      if (opened) lanes.drop(opened);
      throw error;
    }
    invoice = null;
  }
  return invoice ?? locked();
}

/**
 * Everything a create reads, in one statement built once (see preparedOn): the account, the party,
 * the products of the items' SKUs (a row each, the account and party beside each) and the last
 * numbers of both series the invoice may draw from (the year's and the all-time one), read without a
 * lock, before the policy that picks one is known, and the record of the request's Idempotency-Key
 * when it is to be written with the invoice. Separate reads on the pool would each wake a connection
 * of their own.
 */
function invoiceFactsOn(db: Executor, keyed: boolean) {
  const livemode = sql.placeholder("livemode");
  return db
    .select({
      account: accounts,
      party: parties,
      product: products,
      // The product's rates on the invoice's date, when they changed since: see productRateHistory.
      ratesThen: sql<{ gst_rate: string; cess_rate: string } | null>`(
        select json_build_object('gst_rate', h.gst_rate::text, 'cess_rate', h.cess_rate::text)
        from ${productRateHistory} h
        where h.account_id = products.account_id and h.livemode = products.livemode
          and h.product_id = products.id and h.valid_until > ${sql.placeholder("date")}::date
        order by h.valid_until limit 1)`,
      lastInSeries: sql<Record<string, number> | null>`(
        select json_object_agg(s.period, s.last_seq) from ${documentSeries} s
        where s.account_id = ${accounts.id} and s.livemode = ${livemode} and s.kind = 'invoice'
          and s.period in (${sql.placeholder("year")}, 'all'))`,
      recorded: keyed
        ? recordedAnswer(sql.placeholder("accountId"), livemode, sql.placeholder("key"))
        : sql<RecordedAnswer | null>`null`,
    })
    .from(accounts)
    .leftJoin(
      parties,
      and(
        eq(parties.accountId, accounts.id),
        eq(parties.livemode, livemode),
        eq(parties.id, sql.placeholder("partyId")),
      ),
    )
    .leftJoin(
      products,
      and(
        eq(products.accountId, accounts.id),
        eq(products.livemode, livemode),
        sql`${products.sku} = any(${sql.placeholder("skus")}::text[])`,
      ),
    )
    .where(eq(accounts.id, sql.placeholder("accountId")))
    .prepare(keyed ? "invoice_facts_keyed" : "invoice_facts");
}

// A plain create has no key to look up: with the lookup in its read all the same, plain creates took
// 2–7% more of the main thread in one run (BENCHMARKS.md, "Session 23").
const invoiceFacts = preparedOn((db) => invoiceFactsOn(db, false));
const keyedInvoiceFacts = preparedOn((db) => invoiceFactsOn(db, true));

/**
 * Creates an invoice. `db` is the request's transaction, or the pool when the request may commit by
 * itself (no Idempotency-Key to record): the create then opens a transaction only if it needs one.
 */
export async function createInvoice(
  db: Executor,
  owner: Owner,
  body: InvoiceCreate,
  now: Date,
  services: Pick<Services, "irp" | "numberGuesses" | "lanes" | "pointReads">,
  keyed: Issue["keyed"] = null,
): Promise<JsonText<Invoice>> {
  // Off a transaction the facts need no connection of the pool: they are one short read.
  const factsFrom = inTransaction(db) ? db : services.pointReads;
  const invoiceDate = body.date ?? todayInIst(now);
  const facts = await (keyed ? keyedInvoiceFacts : invoiceFacts)(factsFrom).execute({
    accountId: owner.accountId,
    livemode: owner.livemode,
    partyId: body.party_id,
    skus: textArrayLiteral([...new Set(body.items.map((item) => item.sku))]),
    year: financialYearOf(invoiceDate),
    date: invoiceDate,
    ...(keyed ? { key: keyed.record.key } : {}),
  });
  const [first] = facts;
  if (!first) throw notFound("account", owner.accountId);
  if (first.recorded) throw new KeyRecorded(first.recorded);
  const { account, party: partyRow, lastInSeries } = first;
  const productRows = facts.flatMap(({ product, ratesThen }) =>
    product
      ? [ratesThen ? { ...product, gstRate: ratesThen.gst_rate, cessRate: ratesThen.cess_rate } : product]
      : [],
  );
  const date = checkDates(account, body, now);
  if (!partyRow) {
    throw unprocessable("unknown_party", `No such party: ${body.party_id}`, [
      field("unknown_party", "/party_id", "no such party in this account and mode"),
    ]);
  }
  const party = toParty(partyRow);
  const placeOfSupply = body.place_of_supply ?? party.state_code;
  const einvoiced = party.gstin !== null || placeOfSupply === OTHER_COUNTRIES_STATE_CODE;
  if (einvoiced && !party.address) {
    throw unprocessable("address_required", `Party ${party.id} needs an address for the e-invoice.`, [
      field("address_required", "/party_id", "the party has no address, which the e-invoice needs"),
    ]);
  }
  if (einvoiced) checkEinvoiceParty(party);
  if (body.reverse_charge && (party.gstin === null || placeOfSupply === OTHER_COUNTRIES_STATE_CODE)) {
    throw unprocessable(
      "reverse_charge_unregistered",
      "Only a registered buyer in India pays GST under reverse charge.",
      [
        field(
          "reverse_charge_unregistered",
          "/reverse_charge",
          "the buyer has no GSTIN, or the supply is an export",
        ),
      ],
    );
  }
  if (body.shipping_bill) {
    checkShippingBill(body.shipping_bill, { date, placeOfSupply }, now, {
      bill: "/shipping_bill",
      notAnExport: "/shipping_bill",
    });
  }
  const shippingBill = body.shipping_bill ?? null;
  const shipTo = body.ship_to ? checkShipTo(body.ship_to, einvoiced) : null;
  // An export is an export whoever buys it; a party's SEZ makes any other supply to it zero-rated.
  const sez = party.sez && placeOfSupply !== OTHER_COUNTRIES_STATE_CODE;
  if (body.reverse_charge && sez) {
    throw unprocessable(
      "reverse_charge_sez",
      "A supply to an SEZ is zero-rated: the buyer pays no GST under reverse charge.",
      [field("reverse_charge_sez", "/reverse_charge", "the buyer is an SEZ unit or developer")],
    );
  }
  // A foreign buyer has no GSTIN either; for it the zero-rating below is the better answer.
  if (body.deemed_export && party.gstin === null && placeOfSupply !== OTHER_COUNTRIES_STATE_CODE) {
    throw unprocessable(
      "deemed_export_unregistered",
      "A deemed export is a supply to a registered buyer: the party has no GSTIN.",
      [field("deemed_export_unregistered", "/deemed_export", "the buyer has no GSTIN")],
    );
  }
  const lines = checkProducts(productRows, body, einvoiced).map(({ item, product }) => ({
    item,
    product,
    qty: parseMilli(item.qty),
    rate: parseMilli(item.rate),
  }));
  let tax: InvoiceTax;
  try {
    tax = computeInvoiceTax({
      date,
      supplier_state: account.stateCode,
      place_of_supply: placeOfSupply,
      reverse_charge: body.reverse_charge ?? false,
      sez,
      under_lut: body.under_lut ?? false,
      deemed_export: body.deemed_export ?? false,
      items: lines.map(({ item, product, qty, rate }) => ({
        qty,
        rate,
        discount: parseRupees(item.discount ?? 0),
        gst_rate: parseMilli(product.gstRate),
        cess_rate: parseMilli(product.cessRate),
      })),
    });
  } catch (error) {
    if (isGstError(error)) throw taxProblem(error);
    throw error;
  }
  const id = newId("invoice");
  const described = lines.map(({ item, product, qty, rate }) => ({
    description: item.description ?? product.name,
    hsnCode: product.hsnCode,
    unit: product.unit,
    qty,
    rate,
  }));
  const einvoiceFor = (number: string): EInvoice =>
    buildInv01({
      docType: "INV",
      number,
      date,
      placeOfSupply,
      seller: {
        gstin: account.gstin,
        legalName: account.legalName,
        line1: account.addressLine1,
        city: account.city,
        pin: account.pin,
        stateCode: account.stateCode,
      },
      buyer: {
        gstin: party.gstin,
        name: party.name,
        address: party.address as NonNullable<typeof party.address>,
      },
      lines: described.map((d) => ({ ...d, hsnCode: d.hsnCode as string })),
      tax,
      sez,
      deemedExport: tax.deemed_export,
      igstPaid: tax.igst > 0n,
      shippingBill,
      shipTo,
    });
  const documentFor = (
    taken: DocumentNumber,
    einvoice: EInvoice | null,
    registration: IrpRegistration | null,
  ): InvoiceDocument => {
    const money = (paise: bigint) => formatRupees(paise);
    const row: InvoiceRow = {
      accountId: owner.accountId,
      livemode: owner.livemode,
      id,
      number: taken.number,
      financialYear: taken.financialYear,
      seq: taken.seq,
      numberFormat: taken.format,
      date,
      dueDate: body.due_date ?? null,
      status: "issued",
      partyId: party.id,
      party: { name: party.name, gstin: party.gstin, state_code: party.state_code, address: party.address },
      shipTo,
      placeOfSupply,
      supplyType: tax.supply_type,
      sez,
      underLut: tax.under_lut,
      deemedExport: tax.deemed_export,
      reverseCharge: tax.reverse_charge,
      sgstLabel: tax.utgst ? "UTGST" : "SGST",
      taxableValue: money(tax.taxable_value),
      cgst: money(tax.cgst),
      sgst: money(tax.sgst),
      igst: money(tax.igst),
      cess: money(tax.cess),
      roundOff: money(tax.round_off),
      total: money(tax.total),
      ...registrationColumns(registration),
      einvoice,
      shippingBill,
      notes: body.notes ?? null,
      amountPaid: "0",
      amountCredited: "0",
      amountDebited: "0",
      cancellation: null,
      createdAt: now,
    };
    const items: InvoiceItemRow[] = tax.items.map((t, i) => {
      const line = lines[i] as (typeof lines)[number];
      const text = described[i] as (typeof described)[number];
      return {
        accountId: owner.accountId,
        livemode: owner.livemode,
        invoiceId: id,
        lineNo: i + 1,
        productId: line.product.id,
        sku: line.product.sku,
        description: text.description,
        hsnCode: text.hsnCode,
        unit: text.unit,
        qty: formatMilli(line.qty),
        rate: formatMilli(line.rate),
        gross: money(t.gross),
        discount: money(t.discount),
        taxableValue: money(t.taxable_value),
        gstRate: formatMilli(t.gst_rate),
        cessRate: formatMilli(t.cess_rate),
        cgst: money(t.cgst),
        sgst: money(t.sgst),
        igst: money(t.igst),
        cess: money(t.cess),
        total: money(t.total),
      };
    });
    return { row, items, invoice: new JsonText(JSON.stringify(toInvoice(row, items))) };
  };
  const moves = stockMovesOf(lines);
  const issue = async () => {
    refuseShortageAsRead(moves, new Map(lines.map(({ product }) => [product.id, product])));
    return issueInvoice(db, owner, services, {
      policy: { format: account.invoiceNumberFormat, reset: account.numberReset },
      date,
      lastInSeries,
      einvoiceFor: einvoiced ? einvoiceFor : null,
      documentFor,
      moves,
      cause: { kind: "invoice", sourceId: id },
      checkQuota: (tx, counted) => checkLiveInvoiceQuota(tx, owner, account, now, counted),
      // In a transaction (a keyed create that could not write its key alone), nothing may commit
      // apart from it: not on a lane either.
      commitsAlone: !inTransaction(db) && liveInvoiceQuota(owner, account) === null,
      keyed,
    });
  };
  return issue().catch((error: unknown) => {
    throw withStockLines(error, body);
  });
}

export async function itemsOf(
  tx: Executor,
  owner: Owner,
  ids: readonly string[],
): Promise<Map<string, InvoiceItemRow[]>> {
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(invoiceItems)
          .where(ownedBy(invoiceItems, owner, inArray(invoiceItems.invoiceId, [...ids])));
  return linesByDocument(ids, rows, (row) => row.invoiceId);
}

/**
 * GET /v1/invoices/{id}/einvoice: the invoice's number, and its INV-01 document as the text that was
 * sent to the IRP (null for an invoice without an e-invoice).
 */
export async function findInvoiceEinvoice(
  db: Executor,
  owner: Owner,
  id: string,
): Promise<{ number: string; einvoice: string | null }> {
  const [row] = await db
    .select({ number: invoices.number, einvoice: sql<string | null>`${invoices.einvoice}::text` })
    .from(invoices)
    .where(ownedRow(invoices, owner, id))
    .limit(1);
  if (!row) throw notFound("invoice", id);
  return row;
}

export interface InvoiceFilters {
  limit: number;
  startingAfter?: string | undefined;
  status?: Invoice["status"] | undefined;
  partyId?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  number?: string | undefined;
  overdue?: boolean | undefined;
}

/** Unpaid, not cancelled, and past its due date (today in India); an invoice without one never is. */
const isOverdue = (now: Date) =>
  and(
    inArray(invoices.status, ["issued", "partially_paid"]),
    isNotNull(invoices.dueDate),
    lt(invoices.dueDate, todayInIst(now)),
  ) as SQL;

/**
 * isOverdue as the ids of the page's `limit + 1` newest overdue invoices within its dates. Ordered
 * by id, `status in (…)` walks back through every invoice until enough are overdue (all of them when
 * none is); a walk through the status index for each unpaid status reads only the unpaid ones.
 */
function overdueIds(owner: Owner, filters: InvoiceFilters, now: Date): SQL {
  const unpaid = (status: Invoice["status"]) => sql`(select ${invoices.id} as id from ${invoices}
    where ${ownedBy(
      invoices,
      owner,
      eq(invoices.status, status),
      lt(invoices.dueDate, todayInIst(now)),
      cursorOf(invoices, filters),
      ...dateRangeOf(invoices, filters),
    )}
    order by ${desc(invoices.id)} limit ${filters.limit + 1})`;
  return idAmong(
    invoices.id,
    sql`select id from (${unpaid("issued")} union all ${unpaid("partially_paid")}) as overdue`,
  );
}

/** GET /v1/invoices: the page as JSON text, its invoices as GET /v1/invoices/{id} writes them. */
export async function listInvoices(
  db: Executor,
  cache: IssuedInvoiceCache,
  owner: Owner,
  filters: InvoiceFilters,
  now: Date,
): Promise<string> {
  checkDateRange(filters);
  const { status, overdue } = filters;
  // Never overdue, and finding none would read every paid invoice.
  if (overdue && (status === "paid" || status === "cancelled"))
    return pageJson(pageOf([], filters.limit), []);
  const overdueCondition =
    overdue === undefined
      ? undefined
      : !overdue
        ? not(isOverdue(now))
        : status
          ? isOverdue(now)
          : overdueIds(owner, filters, now);
  const rows = await datedPage(
    invoices,
    owner,
    {
      ...filters,
      // Paid invoices pile up; invoices of any other status are few (unpaid for now, or cancelled
      // within a day of issue), and so are a party's or a number's: their indexes find the page.
      selective:
        filters.partyId !== undefined ||
        filters.number !== undefined ||
        (status !== undefined && status !== "paid") ||
        overdue === true,
      conditions: [
        status ? eq(invoices.status, status) : undefined,
        filters.partyId ? eq(invoices.partyId, filters.partyId) : undefined,
        filters.number ? eq(invoices.number, filters.number) : undefined,
        overdueCondition,
      ],
    },
    (where) =>
      db
        .select(listedInvoiceColumns)
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.id))
        .limit(filters.limit + 1),
  );
  const page = pageOf(rows, filters.limit);
  return pageJson(page, await listedInvoicesJson(db, cache, owner, page.data));
}

/** The invoice's row, locked until the transaction ends; 404 when this owner has no such invoice. */
export async function lockInvoice(tx: Executor, owner: Owner, id: string): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(ownedRow(invoices, owner, id))
    .for("update");
  if (!row) throw notFound("invoice", id);
  return row;
}

/**
 * Cancels an invoice within the IRP's window, before any money or credit touched it. The number
 * stays used (GSTR-1 counts it as cancelled), and whatever stock the sale took comes back.
 */
export async function cancelInvoice(
  tx: Executor,
  owner: Owner,
  id: string,
  body: InvoiceCancel,
  now: Date,
  irp: EInvoiceProvider,
): Promise<Invoice> {
  const row = await lockInvoice(tx, owner, id);
  if (row.status === "cancelled")
    throw conflict("invoice_cancelled", `Invoice ${row.number} is already cancelled.`);
  if (parseNumeric(row.amountPaid, 2) > 0n) {
    throw conflict(
      "invoice_has_payments",
      `Invoice ${row.number} has payments allocated; issue a credit note instead.`,
    );
  }
  // A note can leave amount_credited at zero (a 1% credit of a ₹0.50 sale did), so it is the notes
  // themselves that bar the cancellation.
  const [[note], [debit]] = await Promise.all([
    tx
      .select({ id: creditNotes.id })
      .from(creditNotes)
      .where(ownedBy(creditNotes, owner, eq(creditNotes.invoiceId, id)))
      .limit(1),
    tx
      .select({ id: debitNotes.id })
      .from(debitNotes)
      .where(ownedBy(debitNotes, owner, eq(debitNotes.invoiceId, id)))
      .limit(1),
  ]);
  if (note) {
    throw conflict(
      "invoice_has_credit_notes",
      `Invoice ${row.number} has credit notes; issue a further credit note instead.`,
    );
  }
  if (debit) {
    throw conflict(
      "invoice_has_debit_notes",
      `Invoice ${row.number} has debit notes; issue a credit note instead.`,
    );
  }
  const since = row.ackDate ?? row.createdAt;
  if (now.getTime() - since.getTime() > EINVOICE_CANCEL_WINDOW_HOURS * 3_600_000) {
    throw conflict(
      "cancel_window_closed",
      `Invoice ${row.number} is more than ${EINVOICE_CANCEL_WINDOW_HOURS} hours old and can no longer be cancelled; issue a credit note instead.`,
    );
  }
  if (row.irn) await irp.cancel(row.irn, body.reason, body.remark);
  const taken = await movementsOfSource(tx, owner, id, "invoice");
  const returns = taken.map((m) => ({ productId: m.productId, quantity: -parseNumeric(m.quantity, 3) }));
  await applyStockMovements(tx, owner, returns, { kind: "invoice_cancel", sourceId: id });
  const [cancelled] = await tx
    .update(invoices)
    .set({
      status: "cancelled",
      cancellation: { reason: body.reason, remark: body.remark, cancelled_at: now.toISOString() },
    })
    .where(ownedRow(invoices, owner, id))
    .returning();
  if (!cancelled) throw notFound("invoice", id);
  const invoice = toInvoice(cancelled, (await itemsOf(tx, owner, [id])).get(id) ?? []);
  await recordEvent(tx, owner, "invoice.cancelled", invoice);
  return invoice;
}
