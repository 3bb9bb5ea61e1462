import type { components } from "@bahi/contract";
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { events } from "../../db/schema.js";
import type { Bindable } from "../../speed/built-statement.js";
import { firstIdAt, ID_PREFIXES, newId, timeOfId } from "../../values/ids.js";
import { type JsonText, jsonOf } from "../../values/json-text.js";
import { notFound } from "../../values/problem.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { type ListQuery, type Page, pageOf } from "../shared/pagination.js";

export type EventType = components["schemas"]["EventType"];
type Event = components["schemas"]["Event"];
type EventObject = Event["data"]["object"];
type EventRow = typeof events.$inferSelect;

/** EVENT_RETENTION_DAYS in the spec: older events (and their delivery attempts) are gone. */
export const EVENT_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export const retentionStart = (now: Date) => new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS);

/**
 * The CTEs `event` and `deliveries` of a statement that writes an event in the caller's transaction
 * (the outbox), and with it the first delivery attempt for each enabled webhook subscribed to its
 * type: the event and its deliveries exist exactly when the change they announce was committed, and
 * no dispatcher has to find them later. Both happen only if `condition` holds, so that a statement
 * that may not make its change (a document whose number was taken) announces nothing either. A
 * delivery's id is the event's time and a hash of the event and webhook ids, so one statement can
 * make as many as there are webhooks. `created_at` is the time in the event's id, so that a time
 * range is a range of ids. The webhooks are locked as their foreign key would lock them, but before
 * they are chosen: a webhook being deleted is waited for and, once gone, skipped, where the key's
 * check would refuse the whole change. Only a delete (or another FOR UPDATE) makes them wait.
 */
export function eventCtes(
  owner: Bindable<Owner>,
  event: Bindable<NewEvent>,
  condition: SQL = sql`true`,
): SQL {
  const { id, type, data, at, deliveryIdStart } = event;
  return sql`event as (
      insert into events (account_id, livemode, id, type, data, created_at)
      select ${owner.accountId}::text, ${owner.livemode}::boolean, ${id}::text, ${type}::text,
        ${data}::json, ${at}::timestamptz
      where ${condition}
    ),
    deliveries as (
      insert into webhook_deliveries
        (account_id, livemode, id, webhook_id, event_id, attempt, status, created_at, next_attempt_at)
      select account_id, livemode, ${deliveryIdStart}::text || substr(md5(${id}::text || id), 1, 16), id, ${id}::text,
        1, 'pending', ${at}::timestamptz, ${at}::timestamptz
      from webhooks
      where account_id = ${owner.accountId} and livemode = ${owner.livemode} and status = 'enabled'
        and events && array[${type}::text, '*']::text[] and ${condition}
      for key share
    )`;
}

/** An event as eventCtes writes it: its id, type, data (JSON text) and time, and its deliveries' id prefix. */
export interface NewEvent {
  id: string;
  type: EventType;
  data: string;
  at: string;
  deliveryIdStart: string;
}

export function newEvent(type: EventType, object: EventObject | JsonText<EventObject>): NewEvent {
  const id = newId("event");
  return {
    id,
    type,
    data: `{"object":${jsonOf(object)}}`,
    at: timeOfId(id).toISOString(),
    deliveryIdStart: `${ID_PREFIXES.delivery}_${id.slice(ID_PREFIXES.event.length + 1, ID_PREFIXES.event.length + 11)}`,
  };
}

/** Writes an event and its deliveries (see eventCtes) in the caller's transaction. */
export async function recordEvent(
  tx: Executor,
  owner: Owner,
  type: EventType,
  object: EventObject | JsonText<EventObject>,
): Promise<void> {
  await tx.execute(sql`with ${eventCtes(owner, newEvent(type, object))} select 1`);
}

/**
 * Writes many events in one statement, each with its deliveries exactly as `recordEvent` writes them:
 * what a bulk change (a product import) announces, at the cost of one round trip per batch.
 */
export async function recordEvents(
  tx: Executor,
  owner: Owner,
  announced: readonly { type: EventType; object: EventObject }[],
): Promise<void> {
  if (announced.length === 0) return;
  const rows = announced.map(({ type, object }) => {
    const id = newId("event");
    return { id, type, data: { object }, created_at: timeOfId(id).toISOString() };
  });
  const start = ID_PREFIXES.event.length + 2;
  await tx.execute(sql`
    with event as (
      insert into events (account_id, livemode, id, type, data, created_at)
      select ${owner.accountId}, ${owner.livemode}, e.id, e.type, e.data, e.created_at
      from json_to_recordset(${JSON.stringify(rows)}::json) as e(id text, type text, data json, created_at timestamptz)
      returning id, type, created_at
    )
    insert into webhook_deliveries
      (account_id, livemode, id, webhook_id, event_id, attempt, status, created_at, next_attempt_at)
    select w.account_id, w.livemode,
      ${`${ID_PREFIXES.delivery}_`} || substr(event.id, ${start}, 10) || substr(md5(event.id || w.id), 1, 16),
      w.id, event.id, 1, 'pending', event.created_at, event.created_at
    from event join webhooks w
      on w.account_id = ${owner.accountId} and w.livemode = ${owner.livemode} and w.status = 'enabled'
        and w.events && array[event.type, '*']::text[]
    for key share of w`);
}

export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    object: "event",
    livemode: row.livemode,
    type: row.type as EventType,
    created_at: row.createdAt.toISOString(),
    data: { object: (row.data as Event["data"]).object },
  };
}

/** GET /v1/events/{id}: an event within its EVENT_RETENTION_DAYS. */
export async function findEvent(db: Executor, owner: Owner, id: string, now: Date): Promise<Event> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(ownedRow(events, owner, id), gte(events.createdAt, retentionStart(now))))
    .limit(1);
  if (!row) throw notFound("event", id);
  return toEvent(row);
}

export type EventFilters = ListQuery<"listEvents">;

/** Keyset over ids only: `created_gte` and the retention window are ranges of ids, whatever the filters. */
export async function listEvents(
  db: Executor,
  owner: Owner,
  filters: EventFilters,
  now: Date,
): Promise<Page<Event>> {
  const retained = retentionStart(now);
  const requested = filters.created_gte ? Date.parse(filters.created_gte) : 0;
  const from = new Date(Math.max(requested, retained.getTime()));
  const conditions: (SQL | undefined)[] = [
    gte(events.id, firstIdAt("event", from)),
    filters.starting_after ? lt(events.id, filters.starting_after) : undefined,
    filters.type ? eq(events.type, filters.type) : undefined,
  ];
  const rows = await db
    .select()
    .from(events)
    .where(ownedBy(events, owner, ...conditions))
    .orderBy(desc(events.id))
    .limit(filters.limit + 1);
  const page = pageOf(rows, filters.limit);
  return { ...page, data: page.data.map(toEvent) };
}
