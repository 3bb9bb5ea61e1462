import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Executor, Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { idempotencyKeys } from "../../db/schema.js";
import { SecretBox } from "../../secrets/secret-box.js";
import { preparedOn } from "../../speed/prepared.js";
import { JsonText, jsonOf } from "../../values/json-text.js";
import { ApiError } from "../../values/problem.js";
import {
  type IdempotencyRecord,
  KeyRecorded,
  keptRecord,
  NotCommittedAlone,
  type RecordedAnswer,
} from "./idempotency-record.js";
import type { Owner } from "./owner.js";

/** A request sent with an Idempotency-Key: its key, its fingerprint, and whether its answer holds a secret. */
interface KeyedRequest {
  readonly key: string;
  readonly fingerprint: string;
  readonly holdsSecret: boolean;
}

export interface StoredReply {
  status: number;
  body: unknown;
}

/**
 * How a key's record keeps an answer: sealed when it holds a secret (see answersWithSecret in
 * routes), otherwise as its JSON, which holds nothing that the account's own rows do not hold in
 * clear. Sealing an invoice's answer (about 10 kB with its signed JWTs) cost a keyed create's main
 * thread about 60 µs, and its ciphertext, in base64, is a third larger than the JSON and does not
 * compress (BENCHMARKS.md, "Session 23").
 */
function kept(box: SecretBox, body: unknown, holdsSecret: boolean): string {
  const json = jsonOf(body);
  return holdsSecret ? box.seal(json) : json;
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

/**
 * The key's record, if it was stored within the last IDEMPOTENCY_KEY_TTL_HOURS. Every keyed POST reads
 * it first, so it is built once per pool (see preparedOn).
 */
const storedRecord = preparedOn((db) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(keptRecord(sql.placeholder("accountId"), sql.placeholder("livemode"), sql.placeholder("key")))
    .limit(1)
    .prepare("idempotency_key_stored"),
);

async function stored(db: Executor, owner: Owner, key: string) {
  const [row] = await storedRecord(db).execute({
    accountId: owner.accountId,
    livemode: owner.livemode,
    key,
  });
  return row;
}

function replayOf(row: RecordedAnswer, fingerprint: string, box: SecretBox) {
  if (row.fingerprint !== fingerprint) {
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
  return {
    reply: {
      status: row.responseStatus,
      body: new JsonText(
        SecretBox.isSealed(row.responseBody) ? box.unseal(row.responseBody) : row.responseBody,
      ),
    },
    replayed: true,
  };
}

/**
 * Runs a write at most once per key. The answer is stored in the same transaction as the write, so
 * a crash can leave either both or neither: a retry either replays the answer or redoes the work.
 * A transaction-scoped advisory lock marks the key as in progress; a concurrent retry that cannot
 * take it is told so (409) instead of waiting, and the lock vanishes with the transaction even if
 * the process dies. An earlier answer is looked up first on `reads` (the point reads' connections).
 *
 * A write that commits itself (see `commitsItself` in routes) is instead run `alone` at once, handed
 * the key's record to look up with its own first read (KeyRecorded: the earlier answer is replayed)
 * and to write with its own statement under the same advisory lock, so that it costs no transaction
 * either; if it cannot (NotCommittedAlone, thrown before it writes anything), it runs as `work` in
 * the transaction, which also replays an answer that a racing retry stored meanwhile.
 */
export async function runIdempotently(
  { db, reads, box }: { db: Database; reads: Database; box: SecretBox },
  owner: Owner,
  request: KeyedRequest,
  work: (tx: Transaction) => Promise<StoredReply>,
  alone?: (record: IdempotencyRecord) => Promise<StoredReply>,
): Promise<{ reply: StoredReply; replayed: boolean }> {
  const { key, fingerprint, holdsSecret } = request;
  if (alone) {
    const record: IdempotencyRecord = {
      key,
      fingerprint,
      lockId: lockId(owner, key),
      keep: (body) => kept(box, body, holdsSecret),
    };
    try {
      return { reply: await alone(record), replayed: false };
    } catch (error) {
      if (error instanceof KeyRecorded) return replayOf(error.answer, fingerprint, box);
      if (!(error instanceof NotCommittedAlone)) throw error;
    }
  } else {
    const earlier = await stored(reads, owner, key);
    if (earlier) return replayOf(earlier, fingerprint, box);
  }
  return inTransactionWithKey(db, box, owner, request, work);
}

function inTransactionWithKey(
  db: Database,
  box: SecretBox,
  owner: Owner,
  { key, fingerprint, holdsSecret }: KeyedRequest,
  work: (tx: Transaction) => Promise<StoredReply>,
): Promise<{ reply: StoredReply; replayed: boolean }> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${lockId(owner, key)}::bigint) as locked`),
    );
    if (!lock?.locked) {
      throw new ApiError(
        409,
        "idempotency_request_in_progress",
        "A request with this Idempotency-Key is still being processed; retry later.",
      );
    }
    const finished = await stored(tx, owner, key);
    if (finished) return replayOf(finished, fingerprint, box);
    const reply = await work(tx);
    const answer = kept(box, reply.body, holdsSecret);
    await tx
      .insert(idempotencyKeys)
      .values({
        accountId: owner.accountId,
        livemode: owner.livemode,
        key,
        fingerprint,
        responseStatus: reply.status,
        responseBody: answer,
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.accountId, idempotencyKeys.livemode, idempotencyKeys.key],
        set: { fingerprint, responseStatus: reply.status, responseBody: answer, createdAt: sql`now()` },
      });
    return { reply, replayed: false };
  });
}
