import type { components } from "@bahi/contract";
import { count, desc, eq, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { webhookDeliveries, webhooks } from "../../db/schema.js";
import type { SecretBox } from "../../secrets/secret-box.js";
import { newId } from "../../values/ids.js";
import { notFound, unprocessable } from "../../values/problem.js";
import { recordEvent } from "../events/events.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { type ListQuery, type Page, pageOf } from "../shared/pagination.js";
import type { AddressPolicy } from "./address-policy.js";
import { newWebhookSecret } from "./signing.js";

type Webhook = components["schemas"]["Webhook"];
type WebhookWithSecret = components["schemas"]["WebhookWithSecret"];
type WebhookCreate = components["schemas"]["WebhookCreate"];
type WebhookUpdate = components["schemas"]["WebhookUpdate"];
type WebhookDelivery = components["schemas"]["WebhookDelivery"];
type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** MAX_WEBHOOKS in the spec, per account and mode, disabled ones included. */
export const MAX_WEBHOOKS = 16;
/** The spec's default `overlap_seconds`: a day to deploy a new secret. */
export const DEFAULT_SECRET_OVERLAP_SECONDS = 86_400;

/** What webhook operations need besides the database. */
export interface WebhookDeps {
  readonly policy: AddressPolicy;
  readonly box: SecretBox;
}

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    object: "webhook",
    livemode: row.livemode,
    url: row.url,
    events: row.events as Webhook["events"],
    description: row.description,
    status: row.status,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    object: "webhook_delivery",
    livemode: row.livemode,
    webhook_id: row.webhookId,
    event_id: row.eventId,
    attempt: row.attempt,
    status: row.status,
    response_status: row.responseStatus,
    latency_ms: row.latencyMs,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  };
}

async function checkUrl(policy: AddressPolicy, owner: Owner, url: string): Promise<void> {
  const refusal = await policy.refusal(url, owner.livemode);
  if (refusal) {
    throw unprocessable("url_not_allowed", `Webhooks cannot be sent to ${url}: ${refusal}.`, [
      { pointer: "/url", code: "url_not_allowed", message: refusal },
    ]);
  }
}

const pendingOf = (owner: Owner, id: string) =>
  ownedBy(
    webhookDeliveries,
    owner,
    eq(webhookDeliveries.webhookId, id),
    eq(webhookDeliveries.status, "pending"),
  );

/**
 * Pending attempts of a webhook that stops receiving; made attempts stay in its log. Called before
 * the webhook's row is written: the worker holds an attempt it makes, then writes its webhook's row.
 */
const cancelPending = (tx: Executor, owner: Owner, id: string) =>
  tx.delete(webhookDeliveries).where(pendingOf(owner, id));

export async function createWebhook(
  tx: Executor,
  owner: Owner,
  input: WebhookCreate,
  deps: WebhookDeps,
): Promise<WebhookWithSecret> {
  await checkUrl(deps.policy, owner, input.url);
  // Two concurrent creates must not both see room for one more.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${owner.accountId}:${owner.livemode}`}))`,
  );
  const [existing] = await tx.select({ n: count() }).from(webhooks).where(ownedBy(webhooks, owner));
  if ((existing?.n ?? 0) >= MAX_WEBHOOKS) {
    throw unprocessable(
      "webhook_limit_reached",
      `An account has at most ${MAX_WEBHOOKS} webhooks per mode; delete one first.`,
    );
  }
  const secret = newWebhookSecret();
  const [row] = await tx
    .insert(webhooks)
    .values({
      accountId: owner.accountId,
      livemode: owner.livemode,
      id: newId("webhook"),
      url: input.url,
      events: input.events,
      description: input.description ?? null,
      status: "enabled",
      secret: deps.box.seal(secret),
    })
    .returning();
  if (!row) throw new Error("insert returned no webhook");
  return { ...toWebhook(row), secret };
}

export async function findWebhook(db: Executor, owner: Owner, id: string): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(ownedRow(webhooks, owner, id))
    .limit(1);
  if (!row) throw notFound("webhook", id);
  return row;
}

export async function listWebhooks(
  db: Executor,
  owner: Owner,
  filters: ListQuery<"listWebhooks">,
): Promise<Page<Webhook>> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(
      ownedBy(webhooks, owner, filters.starting_after ? lt(webhooks.id, filters.starting_after) : undefined),
    )
    .orderBy(desc(webhooks.id))
    .limit(filters.limit + 1);
  return pageOf(rows.map(toWebhook), filters.limit);
}

export async function updateWebhook(
  tx: Executor,
  owner: Owner,
  id: string,
  patch: WebhookUpdate,
  deps: WebhookDeps,
  now: Date,
): Promise<Webhook> {
  const current = await findWebhook(tx, owner, id);
  if (patch.url !== undefined) await checkUrl(deps.policy, owner, patch.url);
  const changes: Partial<typeof webhooks.$inferInsert> = { updatedAt: now };
  if (patch.url !== undefined) changes.url = patch.url;
  if (patch.events !== undefined) changes.events = patch.events;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.enabled === false && current.status === "enabled") {
    Object.assign(changes, { status: "disabled", disabledReason: "manual" });
  }
  if (patch.enabled === true && current.status === "disabled") {
    Object.assign(changes, { status: "enabled", disabledReason: null, failingSince: null });
  }
  // Disabling cancels retries; enabling must not revive attempts left over from before.
  if (patch.enabled !== undefined && patch.enabled !== (current.status === "enabled")) {
    await cancelPending(tx, owner, id);
  }
  const [row] = await tx
    .update(webhooks)
    .set(changes)
    .where(ownedRow(webhooks, owner, id))
    .returning();
  if (!row) throw notFound("webhook", id);
  return toWebhook(row);
}

export async function deleteWebhook(tx: Executor, owner: Owner, id: string) {
  // The log first, as the worker locks an attempt, then its webhook: the foreign key's cascade alone
  // would lock the webhook, then wait on an attempt in flight whose worker waits on the webhook. The
  // cascade still takes what was written since.
  await tx
    .delete(webhookDeliveries)
    .where(ownedBy(webhookDeliveries, owner, eq(webhookDeliveries.webhookId, id)));
  const [row] = await tx
    .delete(webhooks)
    .where(ownedRow(webhooks, owner, id))
    .returning({ id: webhooks.id });
  if (!row) throw notFound("webhook", id);
  return { id: row.id, object: "webhook" as const, deleted: true as const };
}

/**
 * A new secret; the current one keeps signing beside it until the overlap ends. A secret still in
 * an earlier overlap is dropped: at most two sign at once.
 */
export async function rotateWebhookSecret(
  tx: Executor,
  owner: Owner,
  id: string,
  overlapSeconds: number,
  deps: WebhookDeps,
  now: Date,
): Promise<WebhookWithSecret> {
  const current = await findWebhook(tx, owner, id);
  const secret = newWebhookSecret();
  const [row] = await tx
    .update(webhooks)
    .set({
      secret: deps.box.seal(secret),
      previousSecret: overlapSeconds > 0 ? current.secret : null,
      previousSecretExpiresAt: overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null,
      updatedAt: now,
    })
    .where(ownedRow(webhooks, owner, id))
    .returning();
  if (!row) throw notFound("webhook", id);
  return { ...toWebhook(row), secret };
}

export type DeliveryFilters = ListQuery<"listWebhookDeliveries">;

export async function listDeliveries(
  db: Executor,
  owner: Owner,
  webhookId: string,
  filters: DeliveryFilters,
): Promise<Page<WebhookDelivery>> {
  await findWebhook(db, owner, webhookId);
  const conditions: (SQL | undefined)[] = [
    eq(webhookDeliveries.webhookId, webhookId),
    filters.starting_after ? lt(webhookDeliveries.id, filters.starting_after) : undefined,
    filters.event_id ? eq(webhookDeliveries.eventId, filters.event_id) : undefined,
    filters.status ? eq(webhookDeliveries.status, filters.status) : undefined,
  ];
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(ownedBy(webhookDeliveries, owner, ...conditions))
    .orderBy(desc(webhookDeliveries.id))
    .limit(filters.limit + 1);
  return pageOf(rows.map(toDelivery), filters.limit);
}

/**
 * Called when a delivery's last attempt failed. The webhook is disabled if no attempt has succeeded
 * since that delivery's first one: every delivery failed for the whole retry window, about three days.
 * The account's other webhooks hear of it (`webhook.disabled`).
 */
export async function disableFailingWebhook(
  tx: Executor,
  owner: Owner,
  webhookId: string,
  eventId: string,
  now: Date,
): Promise<void> {
  const [first] = await tx
    .select({ at: webhookDeliveries.createdAt })
    .from(webhookDeliveries)
    .where(
      ownedBy(
        webhookDeliveries,
        owner,
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.eventId, eventId),
        eq(webhookDeliveries.attempt, 1),
      ),
    )
    .limit(1);
  if (!first) return;
  const [row] = await tx
    .update(webhooks)
    .set({ status: "disabled", disabledReason: "failing", updatedAt: now })
    .where(
      ownedBy(
        webhooks,
        owner,
        eq(webhooks.id, webhookId),
        eq(webhooks.status, "enabled"),
        lte(webhooks.failingSince, first.at),
      ),
    )
    .returning();
  if (!row) return;
  // Holding the webhook's row, waiting for an attempt would reverse the worker's lock order. An attempt
  // locked elsewhere is being deleted, or being made: a retry it schedules is never made while the
  // webhook is disabled, and enabling it cancels such leftovers.
  await deleteUnheldAttempts(tx, owner, pendingOf(owner, webhookId));
  await recordEvent(tx, owner, "webhook.disabled", toWebhook(row));
}

/**
 * Deletes the attempts `where` selects that no worker holds; one a worker holds (row-locked) is being
 * made and is left to finish.
 */
export async function deleteUnheldAttempts(
  tx: Executor,
  owner: Owner,
  where: SQL | undefined,
): Promise<void> {
  await tx
    .delete(webhookDeliveries)
    .where(
      ownedBy(
        webhookDeliveries,
        owner,
        inArray(
          webhookDeliveries.id,
          tx
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(where)
            .for("update", { skipLocked: true }),
        ),
      ),
    );
}
