import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { idempotencyKeys } from "../../db/schema.js";
import { SecretBox } from "../../secrets/secret-box.js";
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

/** What a use case is handed to write with. */
export interface WriteContext {
  /**
   * The write's transaction, opened by runWrite; null for a write that commits alone (see runWrite),
   * which may send its one statement on the pool and asks for a transaction only if it needs one.
   */
  readonly tx: Transaction | null;
  /** The pool, where a write that commits alone sends its statement. */
  readonly pool: Database;
  /** Runs `work` in the write's transaction: `tx`, or for a write that commits alone, one of its own. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
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
  { mayCommitAlone = false }: { mayCommitAlone?: boolean } = {},
): Promise<{ answer: Answer; replayed: boolean }> {
  if (keyed) {
    const earlier = await stored(deps.reads, owner, keyed.key);
    if (earlier) return { answer: replayOf(earlier, keyed, deps.box), replayed: true };
  }
  const committed: (() => void)[] = [];
  const afterCommit = (effect: () => void) => committed.push(effect);
  // A write that commits alone (an invoice create: speed/guessed-claims.ts) opens no transaction of
  // its own here; with an Idempotency-Key it cannot, since the key's record commits with it.
  if (mayCommitAlone && !keyed) {
    const answer = await work({
      tx: null,
      pool: deps.db,
      transaction: (inner) => deps.db.transaction(inner),
      afterCommit,
    });
    for (const effect of committed) effect();
    return { answer, replayed: false };
  }
  const outcome = await deps.db.transaction(async (tx) => {
    if (keyed) {
      const [lock] = rowsOf(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(${lockId(owner, keyed.key)}::bigint) as locked`,
        ),
      );
      if (!lock?.locked) {
        throw new ApiError(
          409,
          "idempotency_request_in_progress",
          "A request with this Idempotency-Key is still being processed; retry later.",
        );
      }
      const finished = await stored(tx, owner, keyed.key);
      if (finished) return { answer: replayOf(finished, keyed, deps.box), replayed: true };
    }
    const answer = await work({ tx, pool: deps.db, transaction: (inner) => inner(tx), afterCommit });
    if (keyed) await record(tx, owner, keyed, answer, deps.box);
    return { answer, replayed: false };
  });
  for (const effect of committed) effect();
  return outcome;
}

async function record(tx: Transaction, owner: Owner, keyed: KeyedWrite, answer: Answer, box: SecretBox) {
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
