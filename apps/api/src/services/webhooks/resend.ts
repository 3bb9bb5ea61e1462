import type { components } from "@bahi/contract";
import { and, eq, gte, max } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { events, webhookDeliveries } from "../../db/schema.js";
import { newId } from "../../values/ids.js";
import { conflict, notFound } from "../../values/problem.js";
import { retentionStart } from "../events/events.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { deleteUnheldAttempts, findWebhook, toDelivery } from "./subscriptions.js";

type WebhookDelivery = components["schemas"]["WebhookDelivery"];

/**
 * Queues the event of one of a webhook's attempts again, due at once: a new attempt in the log, sent
 * by the worker under the event's id as `webhook-id`, so receivers deduplicate it. A pending attempt
 * of the same event is replaced, so that one event never runs two retry schedules.
 */
export async function resendDelivery(
  tx: Executor,
  owner: Owner,
  webhookId: string,
  deliveryId: string,
  now: Date,
): Promise<WebhookDelivery> {
  const webhook = await findWebhook(tx, owner, webhookId);
  const [earlier] = await tx
    .select()
    .from(webhookDeliveries)
    .where(ownedBy(webhookDeliveries, owner, eq(webhookDeliveries.id, deliveryId)))
    .limit(1);
  if (!earlier || earlier.webhookId !== webhook.id) throw notFound("webhook delivery", deliveryId);
  if (webhook.status !== "enabled") {
    throw conflict("webhook_disabled", `Webhook ${webhook.id} is disabled; enable it before resending.`);
  }
  const [event] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(ownedRow(events, owner, earlier.eventId), gte(events.createdAt, retentionStart(now))))
    .limit(1);
  if (!event) {
    throw conflict(
      "event_expired",
      `Event ${earlier.eventId} is older than events are kept; it cannot be sent again.`,
    );
  }
  const ofEvent = ownedBy(
    webhookDeliveries,
    owner,
    eq(webhookDeliveries.webhookId, webhook.id),
    eq(webhookDeliveries.eventId, earlier.eventId),
  );
  // An attempt the worker holds is being made: it is left to finish, as disabling a webhook does.
  await deleteUnheldAttempts(tx, owner, and(ofEvent, eq(webhookDeliveries.status, "pending")));
  const [last] = await tx
    .select({ attempt: max(webhookDeliveries.attempt) })
    .from(webhookDeliveries)
    .where(ofEvent);
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      accountId: owner.accountId,
      livemode: owner.livemode,
      id: newId("delivery"),
      webhookId: webhook.id,
      eventId: earlier.eventId,
      attempt: (last?.attempt ?? earlier.attempt) + 1,
      status: "pending",
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning();
  if (!row) throw new Error("insert returned no delivery");
  return toDelivery(row);
}
