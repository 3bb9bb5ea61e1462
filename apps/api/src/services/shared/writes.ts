import { createHash } from "node:crypto";
import { and, eq, gt, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { idempotencyKeys } from "../../db/schema.js";
import { SecretBox } from "../../secrets/secret-box.js";
import type { Bindable } from "../../speed/built-statement.js";
import { preparedOn } from "../../speed/prepared.js";
import { JsonText, jsonOf } from "../../values/json-text.js";
import { ApiError } from "../../values/problem.js";
import type { Owner } from "./owner.js";

// Every write runs here: in one transaction, under its Idempotency-Key when it has one, with what
// it asks to do once committed. Use cases get the transaction and never open or commit one.

/** IDEMPOTENCY_KEY_TTL_HOURS: how long a stored answer is replayed. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** An answer as the key's record keeps it: what the write answered, replayed as it was. */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** A write sent with an Idempotency-Key. */
export interface KeyedWrite {
  readonly key: string;
  /** The request's fingerprint (fingerprintOf): a key reused for another request is refused. */
  readonly fingerprint: string;
  /** The answer shows a secret once: its record is sealed. */
  readonly holdsSecret: boolean;
}

/** What the key's record keeps of an answer: the request's fingerprint, and the answer as kept. */
export interface StoredAnswer {
  readonly key: string;
  readonly fingerprint: string;
  readonly status: number;
  readonly body: string;
}

/**
 * The Idempotency-Key of a write that commits alone: its one statement must hold the key's advisory
 * lock (keyIsFree) and write the key's record with it (recordCte), both or neither.
 */
export interface KeyRecord {
  readonly lockId: string;
  /** What the record keeps when the write answers `body`. */
  answer(body: unknown): StoredAnswer;
}

/** What a use case is handed to write with. */
export interface WriteContext {
  /**
   * The write's transaction, opened by runWrite; null for a write that commits alone (see runWrite),
   * which may send its one statement on the pool and asks for a transaction only if it needs one.
   */
  readonly tx: Transaction | null;
  /** The pool, where a write that commits alone sends its statement. */
  readonly pool: Database;
  /**
   * Runs `work` in the write's transaction: `tx`, or for a write that commits alone, one of its own.
   * Under an Idempotency-Key, a write that commits alone says what the transaction answers
   * (`answerOf`): the key's record is written with it. If a retry recorded the key meanwhile, the
   * write ends there and runWrite replays that answer.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>, answerOf?: (value: T) => unknown): Promise<T>;
  /** The key a write that commits alone runs under; null without one, or in `tx`. */
  readonly record: KeyRecord | null;
  /** Runs `effect` once the write has committed, and not if it fails. */
  afterCommit(effect: () => void): void;
}

export interface WriteDeps {
  readonly db: Database;
  /** Where a key's earlier answer is looked up first, outside the transaction. */
  readonly reads: Executor;
  /** Seals the records of answers that hold a secret. */
  readonly box: SecretBox;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The same request, whatever its key order or whitespace, has the same fingerprint; with `caller`
 * (an API key's id), only the same request from that key.
 */
export function fingerprintOf(method: string, path: string, body: unknown, caller?: string): string {
  const request = `${method} ${path}\n${canonical(body ?? null)}`;
  return createHash("sha256")
    .update(caller === undefined ? request : `${request}\n${caller}`)
    .digest("hex");
}

/** A 64-bit advisory lock id for one key of one account and mode. */
export function lockId(owner: Owner, key: string): string {
  const digest = createHash("sha256").update(`${owner.accountId}:${owner.livemode}:${key}`).digest();
  return digest.readBigInt64BE(0).toString();
}

const storedRecord = preparedOn((db) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.accountId, sql.placeholder("accountId")),
        eq(idempotencyKeys.livemode, sql.placeholder("livemode")),
        eq(idempotencyKeys.key, sql.placeholder("key")),
        gt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`),
      ),
    )
    .limit(1)
    .prepare("idempotency_key_stored"),
);

/** The key's record, if it was stored within IDEMPOTENCY_KEY_TTL_HOURS. */
async function stored(db: Executor, owner: Owner, key: string) {
  const [row] = await storedRecord(db).execute({ accountId: owner.accountId, livemode: owner.livemode, key });
  return row;
}

type StoredRow = NonNullable<Awaited<ReturnType<typeof stored>>>;

function replayOf(row: StoredRow, write: KeyedWrite, box: SecretBox): Answer {
  if (row.fingerprint !== write.fingerprint) {
    throw new ApiError(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was used with a different request; use a new key for a new request.",
      {
        errors: [
          {
            pointer: "/header/idempotency-key",
            code: "idempotency_key_reused",
            message: "was used with another request",
          },
        ],
      },
    );
  }
  const body = SecretBox.isSealed(row.responseBody) ? box.unseal(row.responseBody) : row.responseBody;
  return { status: row.responseStatus, body: new JsonText(body) };
}

/**
 * How a key's record keeps an answer: sealed when it holds a secret, otherwise as its JSON, which
 * holds nothing that the account's own rows do not hold in clear.
 */
function kept(box: SecretBox, body: unknown, holdsSecret: boolean): string {
  const json = jsonOf(body);
  return holdsSecret ? box.seal(json) : json;
}

/**
 * Runs a write in one transaction, at most once per Idempotency-Key (one that `mayCommitAlone`, sent
 * without a key, is handed the pool instead and opens a transaction only if it needs one). The answer is stored in the
 * same transaction as the write, so a crash leaves both or neither: a retry either replays the
 * answer or does the work. A transaction-scoped advisory lock marks the key as in progress; a
 * concurrent retry that cannot take it is told so (409) instead of waiting, and the lock vanishes
 * with the transaction even if the process dies.
 */
export async function runWrite(
  deps: WriteDeps,
  owner: Owner,
  keyed: KeyedWrite | null,
  work: (write: WriteContext) => Promise<Answer>,
  { mayCommitAlone = false, status = 200 }: { mayCommitAlone?: boolean; status?: number } = {},
): Promise<{ answer: Answer; replayed: boolean }> {
  if (keyed) {
    const earlier = await stored(deps.reads, owner, keyed.key);
    if (earlier) return { answer: replayOf(earlier, keyed, deps.box), replayed: true };
  }
  const committed: (() => void)[] = [];
  const afterCommit = (effect: () => void) => committed.push(effect);
  // A write that commits alone (an invoice create: speed/guessed-claims.ts) opens no transaction
  // here: its one statement commits by itself, with the key's record when it has a key.
  if (mayCommitAlone) {
    const record: KeyRecord | null = keyed && {
      lockId: lockId(owner, keyed.key),
      answer: (body) => ({
        key: keyed.key,
        fingerprint: keyed.fingerprint,
        status,
        body: kept(deps.box, body, keyed.holdsSecret),
      }),
    };
    try {
      const answer = await work({
        tx: null,
        pool: deps.db,
        record,
        transaction: (inner, answerOf) =>
          keyed
            ? deps.db.transaction(async (tx) => {
                await holdKey(tx, owner, keyed, deps.box);
                const value = await inner(tx);
                if (!answerOf) throw new Error("a keyed write that commits alone must say what it answers");
                await recordAnswer(tx, owner, keyed, { status, body: answerOf(value) }, deps.box);
                return value;
              })
            : deps.db.transaction(inner),
        afterCommit,
      });
      for (const effect of committed) effect();
      return { answer, replayed: false };
    } catch (error) {
      if (error instanceof Recorded) return { answer: error.answer, replayed: true };
      throw error;
    }
  }
  const outcome = await deps.db.transaction(async (tx) => {
    if (keyed) {
      const finished = await holdKey(tx, owner, keyed, deps.box, false);
      if (finished) return { answer: finished, replayed: true };
    }
    const answer = await work({
      tx,
      pool: deps.db,
      record: null,
      transaction: (inner) => inner(tx),
      afterCommit,
    });
    if (keyed) await recordAnswer(tx, owner, keyed, answer, deps.box);
    return { answer, replayed: false };
  });
  for (const effect of committed) effect();
  return outcome;
}

/** The answer a retry recorded while a write that commits alone ran: runWrite replays it. */
class Recorded extends Error {
  constructor(readonly answer: Answer) {
    super("the Idempotency-Key was recorded by another request");
  }
}

/**
 * Takes the key's advisory lock for the transaction (409 if a request under it still runs), then
 * looks for the key's record: its answer, if another request recorded it since the first look.
 * With `abort`, that answer ends the write (Recorded) instead of being returned.
 */
async function holdKey(
  tx: Transaction,
  owner: Owner,
  keyed: KeyedWrite,
  box: SecretBox,
  abort = true,
): Promise<Answer | null> {
  const [lock] = rowsOf(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${lockId(owner, keyed.key)}::bigint) as locked`),
  );
  if (!lock?.locked) {
    throw new ApiError(
      409,
      "idempotency_request_in_progress",
      "A request with this Idempotency-Key is still being processed; retry later.",
    );
  }
  const finished = await stored(tx, owner, keyed.key);
  if (!finished) return null;
  const answer = replayOf(finished, keyed, box);
  if (abort) throw new Recorded(answer);
  return answer;
}

async function recordAnswer(
  tx: Transaction,
  owner: Owner,
  keyed: KeyedWrite,
  answer: Answer,
  box: SecretBox,
) {
  const responseBody = kept(box, answer.body, keyed.holdsSecret);
  await tx
    .insert(idempotencyKeys)
    .values({
      accountId: owner.accountId,
      livemode: owner.livemode,
      key: keyed.key,
      fingerprint: keyed.fingerprint,
      responseStatus: answer.status,
      responseBody,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.accountId, idempotencyKeys.livemode, idempotencyKeys.key],
      set: {
        fingerprint: keyed.fingerprint,
        responseStatus: answer.status,
        responseBody,
        createdAt: sql`now()`,
      },
    });
}

/**
 * Deletes the answers kept past IDEMPOTENCY_KEY_TTL_HOURS: nothing replays them, and those of key and
 * webhook creates hold secrets shown once, sealed with a key that may live in the same database.
 */
export async function sweepIdempotencyKeys(db: Executor): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`);
}

/** The constraint that refuses a second record for a key (a key used before, or by a request in flight). */
export const IDEMPOTENCY_KEY_CONSTRAINT = "idempotency_keys_account_id_livemode_key_pk";

/**
 * A condition that holds while no other request under the key runs, and then marks this one as
 * running until its statement's transaction ends: the lock runWrite takes.
 */
export function keyIsFree(lockIdValue: string | Placeholder): SQL {
  return sql`pg_try_advisory_xact_lock(${lockIdValue}::bigint)`;
}

/**
 * A CTE, named `idempotency_record`, that stores the key's answer if `written` holds. A plain insert:
 * a record already there (a retry that raced this one) fails the whole statement on
 * IDEMPOTENCY_KEY_CONSTRAINT, so nothing is written without its record.
 */
export function recordCte(owner: Bindable<Owner>, answer: Bindable<StoredAnswer>, written: SQL): SQL {
  return sql`idempotency_record as (
      insert into ${idempotencyKeys} (account_id, livemode, key, fingerprint, response_status, response_body)
      select ${owner.accountId}, ${owner.livemode}, ${answer.key}, ${answer.fingerprint},
        ${answer.status}::integer, ${answer.body}
      where ${written}
    )`;
}
