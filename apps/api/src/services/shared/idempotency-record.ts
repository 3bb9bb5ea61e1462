import { and, eq, gt, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { idempotencyKeys } from "../../db/schema.js";
import type { Bindable } from "../../speed/built-statement.js";
import type { Owner } from "./owner.js";

/** IDEMPOTENCY_KEY_TTL_HOURS: how long a stored answer is replayed. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * Deletes the answers kept past IDEMPOTENCY_KEY_TTL_HOURS: nothing replays them, and those of key and
 * webhook creates hold secrets shown once, sealed with a key that may live in the same database.
 */
export async function sweepIdempotencyKeys(db: Executor): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`);
}

/**
 * A request's Idempotency-Key, handed to a write that commits itself (see `commitsItself` in routes)
 * so that the key's record and the answer it replays are written by the write's own statement: both
 * or neither, as in the request's transaction, without one.
 */
export interface IdempotencyRecord {
  readonly key: string;
  readonly fingerprint: string;
  /** The advisory lock a request holds while it runs under this key (see runIdempotently). */
  readonly lockId: string;
  /** The answer's body as the key's record keeps it (sealed if it holds a secret). */
  keep(body: unknown): string;
}

/**
 * Thrown, before anything is written, by a write given an IdempotencyRecord that cannot write all of
 * itself and the record in one statement (a missed guess, a plan quota to count, a key in use): the
 * request is then run again in a transaction of its own beside its key, as every other keyed write.
 */
export class NotCommittedAlone extends Error {
  constructor() {
    super("the write could not commit alone with its idempotency record");
  }
}

/** What a key's record keeps of the answer it replays (see runIdempotently). */
export interface RecordedAnswer {
  readonly fingerprint: string;
  readonly responseStatus: number;
  readonly responseBody: string;
}

/** The record of `key`, if it was stored within IDEMPOTENCY_KEY_TTL_HOURS: a record that still replays. */
export function keptRecord(accountId: Placeholder, livemode: Placeholder, key: Placeholder): SQL {
  return and(
    eq(idempotencyKeys.accountId, accountId),
    eq(idempotencyKeys.livemode, livemode),
    eq(idempotencyKeys.key, key),
    gt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`),
  ) as SQL;
}

/**
 * The key's record, as JSON, if it was stored within IDEMPOTENCY_KEY_TTL_HOURS, else null. A write
 * that commits itself reads it with its own first read, a round trip fewer than reading it apart,
 * and throws KeyRecorded when there is one.
 */
export function recordedAnswer(
  accountId: Placeholder,
  livemode: Placeholder,
  key: Placeholder,
): SQL<RecordedAnswer | null> {
  return sql<RecordedAnswer | null>`(
    select json_build_object('fingerprint', ${idempotencyKeys.fingerprint},
      'responseStatus', ${idempotencyKeys.responseStatus}, 'responseBody', ${idempotencyKeys.responseBody})
    from ${idempotencyKeys} where ${keptRecord(accountId, livemode, key)})`;
}

/**
 * Thrown, before anything is written, by a write given an IdempotencyRecord whose key already has
 * its record: the request is a retry, answered with the recorded answer (or refused, if it differs).
 */
export class KeyRecorded extends Error {
  constructor(readonly answer: RecordedAnswer) {
    super("the idempotency key already has its record");
  }
}

/** The constraint that refuses a second record for a key (a key used before, or by a request in flight). */
export const IDEMPOTENCY_KEY_CONSTRAINT = "idempotency_keys_account_id_livemode_key_pk";

/**
 * A condition that holds while no other request under the key runs, and then marks this one as
 * running until its statement's transaction ends: the same lock runIdempotently takes.
 */
export function keyIsFree(lockId: string | Placeholder): SQL {
  return sql`pg_try_advisory_xact_lock(${lockId}::bigint)`;
}

/** What recordCte stores of a key: the request's fingerprint, and its answer as the record keeps it. */
export interface StoredAnswer {
  key: string;
  fingerprint: string;
  status: number;
  body: string;
}

/** The key's record of `body`, answered with `status` (see IdempotencyRecord.keep). */
export function storedAnswer(record: IdempotencyRecord, status: number, body: unknown): StoredAnswer {
  return { key: record.key, fingerprint: record.fingerprint, status, body: record.keep(body) };
}

/**
 * A CTE, named `idempotency_record`, that stores the key's answer if `written` holds. A plain insert:
 * a record already there (a retry that raced this one, or an expired key not yet swept) fails the
 * whole statement on IDEMPOTENCY_KEY_CONSTRAINT, so nothing is written without its record.
 */
export function recordCte(owner: Bindable<Owner>, answer: Bindable<StoredAnswer>, written: SQL): SQL {
  return sql`idempotency_record as (
      insert into ${idempotencyKeys} (account_id, livemode, key, fingerprint, response_status, response_body)
      select ${owner.accountId}, ${owner.livemode}, ${answer.key}, ${answer.fingerprint},
        ${answer.status}::integer, ${answer.body}
      where ${written}
    )`;
}
