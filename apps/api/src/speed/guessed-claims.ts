import type { components } from "@bahi/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { isLockTimeout, isUniqueViolation } from "../db/errors.js";
import { byColumnName, rowsOf } from "../db/rows.js";
import { einvoiceRegistrations, invoiceItems, invoices } from "../db/schema.js";
import type { EInvoiceProvider } from "../einvoice/provider.js";
import {
  causeOf,
  MOVED_ROWS,
  type MovedRow,
  NO_REORDER_LEVEL_REACHED,
  STOCK_SUFFICES,
  settleStockMoves,
  stockLockCtes,
  stockUpdateCtes,
  wantedOf,
} from "../services/catalogue/stock.js";
import { firstTryLease } from "../services/einvoice/queue.js";
import { eventCtes, newEvent } from "../services/events/events.js";
import type { Issue } from "../services/invoices/issue.js";
import { registeredUnder } from "../services/invoices/issue.js";
import type { InvoiceDocument } from "../services/invoices/rows.js";
import {
  claimCtes,
  type DocumentNumber,
  formatDocumentNumber,
  seriesKey,
  seriesPeriod,
} from "../services/shared/document-numbers.js";
import {
  IDEMPOTENCY_KEY_CONSTRAINT,
  type KeyRecord,
  keyIsFree,
  recordCte,
  type StoredAnswer,
  type WriteContext,
} from "../services/shared/writes.js";
import type { JsonText } from "../values/json-text.js";
import { ApiError } from "../values/problem.js";
import { BuiltStatement, sendingOn } from "./built-statement.js";
import { LANE_LOCK_TIMEOUT, type Lane, type StatementLanes, wroteNothingOnLane } from "./lanes.js";
import type { Guess, NumberGuesses } from "./number-guesses.js";

type Invoice = components["schemas"]["Invoice"];

/** A guess past the format's width is no reason to refuse: the number the lock gives may still fit. */
function guessedNumber(issue: Issue, seq: number): DocumentNumber | null {
  try {
    return formatDocumentNumber(issue.policy, issue.draft.date, seq);
  } catch (error) {
    if (error instanceof ApiError && error.code === "number_format_exhausted") return null;
    throw error;
  }
}

/** The placeholders of the claim statement, and those it has with a key. */
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
 * invoice, its lines and its event (and, for a live IRP's `pending` invoice, its registration's
 * queue row, leased to the create as enqueueRegistration does). The row and lines travel as JSON, so the statement's text is the
 * same for any number of lines, and it is turned into text once (BuiltStatement).
 */
function claimStatement(onLane: boolean, keyed: boolean): SQL {
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
  const record = keyed ? sql`${recordCte(owner, answer, sql`exists (select 1 from claimed)`)},` : sql``;
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
      registration as (
        insert into ${einvoiceRegistrations} (account_id, livemode, kind, document_id, attempts, next_attempt_at)
        select r.account_id, r.livemode, 'invoice', r.id, 1, ${firstTryLease}
        from json_populate_record(null::invoices, ${p("row")}::json) r
        where ${claimed} and r.einvoice_status = 'pending'
      ),
      ${eventCtes(owner, event, claimed)}
      select ${claimed} as claimed, m.* from (select 1) one left join (${MOVED_ROWS}) m on true`;
}

/** The claim as text, built once for each shape: on a lane (which times out on locks) or not, keyed or not. */
const builtClaims = new Map<string, BuiltStatement<ClaimValue | KeyValue>>();

function builtClaim(onLane: boolean, keyed: boolean): BuiltStatement<ClaimValue | KeyValue> {
  const shape = `${onLane} ${keyed}`;
  let built = builtClaims.get(shape);
  if (!built) {
    built = new BuiltStatement(claimStatement(onLane, keyed));
    builtClaims.set(shape, built);
  }
  return built;
}

/** Sends the claim of the guessed number once the series' turn comes (see NumberGuesses). */
async function writeIfClaimed(
  { db, lane, record }: { db: Executor; lane: Lane | undefined; record: KeyRecord | null },
  issue: Issue,
  period: string,
  guess: Guess,
  { row, items, invoice }: InvoiceDocument,
): Promise<{ claimed: boolean; moved: MovedRow[] }> {
  const { owner } = issue;
  const cause = causeOf({ kind: "invoice", sourceId: issue.id });
  const event = newEvent("invoice.created", invoice);
  // Bound before the turn and sent when it comes: the claims of a series follow one another, and
  // binding the statement (its JSON) would otherwise lengthen every step of that queue.
  const values: Record<ClaimValue, unknown> = {
    accountId: owner.accountId,
    livemode: owner.livemode,
    financialYear: row.financialYear,
    number: row.number,
    ...wantedOf(issue.draft.stockMoves),
    causeKind: cause.kind,
    causeReason: cause.reason,
    causeNote: cause.note,
    causeSource: cause.sourceId,
    period,
    seq: guess.seq,
    row: JSON.stringify(byColumnName(invoices, row)),
    lines: JSON.stringify(items.map((item) => byColumnName(invoiceItems, item))),
    eventId: event.id,
    eventData: event.data,
    eventAt: event.at,
    deliveryIdStart: event.deliveryIdStart,
  };
  const query = record
    ? builtClaim(lane !== undefined, true).bind({
        ...values,
        lockId: record.lockId,
        ...record.answer(invoice),
      })
    : builtClaim(lane !== undefined, false).bind(values as Record<ClaimValue | KeyValue, unknown>);
  const send = lane ? lane.prepare(query) : sendingOn(db, query);
  await guess.turn;
  const answer = send();
  guess.sent();
  const rows = rowsOf(await answer) as unknown as (MovedRow & { claimed: boolean })[];
  return { claimed: rows[0]?.claimed === true, moved: rows.filter((r) => r.product_id !== null) };
}

/**
 * Invoices signed before any lock. Signing an e-invoice (two RS256 signatures) under the series
 * lock made the lock, not the machine, the limit of a series' creates; so where the IRP registers in
 * this process (the sandbox), a create guesses the number it will get, signs under that number, and
 * claims it in one statement that writes the invoice only if the number is still next. A guess that
 * misses has written nothing: the create is then issued under the lock, as without this module.
 *
 * A write that commits alone (no Idempotency-Key, no plan quota to count) sends its claim on the
 * series' lane (lanes.ts): claims of a series are pipelined there and share commits. Any other
 * sends it in its transaction. Remove this module by giving issueInvoice no `claims`: every invoice
 * is then issued under the lock, in a transaction.
 */
export class GuessedClaims {
  constructor(
    private readonly guesses: NumberGuesses,
    private readonly lanes: StatementLanes | null,
  ) {}

  async issue(
    write: WriteContext,
    issue: Issue,
    irp: EInvoiceProvider | null,
    underLock: () => Promise<{ document: InvoiceDocument; taken: DocumentNumber }>,
  ): Promise<JsonText<Invoice>> {
    const { owner, draft, policy } = issue;
    const period = seriesPeriod(policy, draft.date);
    const series = seriesKey(owner, "invoice", period);
    /** Under the lock, as a taker from the first step: see NumberGuesses. */
    const taking = async () => {
      const taker = this.guesses.take(series);
      try {
        const { document, taken } = await underLock();
        taker.took(taken.seq);
        return document.invoice;
      } finally {
        taker.release();
      }
    };
    // A plan's quota is counted under a lock held to the commit: such a create needs a transaction.
    const alone = write.tx === null && !issue.quota;
    const lane = alone ? (this.lanes?.laneOf(series) ?? null) : null;
    const last = issue.lastInSeries?.[period];
    const guess = last === undefined ? null : await this.guesses.guess(series, last, lane !== null);
    const guessed = guess ? guessedNumber(issue, guess.seq) : null;
    if (!guess || !guessed) {
      guess?.done(false);
      return taking();
    }
    const claim = async (db: Executor, onLane: Lane | undefined): Promise<JsonText<Invoice> | null> => {
      let written: Awaited<ReturnType<typeof writeIfClaimed>> | undefined;
      let document: InvoiceDocument;
      try {
        document = await registeredUnder(issue, irp, guessed);
        written = await writeIfClaimed(
          { db, lane: onLane, record: write.record },
          issue,
          period,
          guess,
          document,
        );
      } finally {
        guess.done(written?.claimed === true);
      }
      if (!written.claimed) return null;
      await settleStockMoves(db, owner, draft.stockMoves, written.moved, {
        kind: "invoice",
        sourceId: issue.id,
      });
      await issue.checkQuota(db, true);
      return document.invoice;
    };
    if (!alone) {
      // A transaction that fails to begin never claims, which gives the guess up: the claims after it
      // would wait for its answer for ever.
      let begun = false;
      try {
        const claimed = await write.transaction((tx) => {
          begun = true;
          return claim(tx, undefined);
        });
        return claimed ?? taking();
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
      invoice = await claim(write.pool, opened);
    } catch (error) {
      // A claim that found its key recorded (a racing retry, or an expired record not yet swept),
      // waited too long on its lane for a lock, found the lane closed or was rolled back with another
      // claim of its batch wrote nothing: it takes the locked path, in a transaction that replays or
      // replaces the key's record. Any other failure retires the lane it was sent on.
      const keyTaken = write.record !== null && isUniqueViolation(error, IDEMPOTENCY_KEY_CONSTRAINT);
      const laneGaveUp = opened !== undefined && (isLockTimeout(error) || wroteNothingOnLane(error));
      if (!keyTaken && !laneGaveUp) {
        if (opened) this.lanes?.drop(opened);
        throw error;
      }
      invoice = null;
    }
    return invoice ?? taking();
  }
}
