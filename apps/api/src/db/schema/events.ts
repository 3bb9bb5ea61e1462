import { enums } from "@bahi/contract/enums";
import { sql } from "drizzle-orm";
import { foreignKey, index, integer, json, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, tenant, updatedAt } from "./columns.js";

/** The transactional outbox: written in the same transaction as the change it announces. */
export const events = pgTable(
  "events",
  {
    ...tenant,
    type: text("type").notNull(),
    // json, not jsonb: the object's text is kept as the API wrote it, key for key, so that an event
    // (and a webhook's body) reads as the answer that made the object did.
    data: json("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    index("events_type_idx").on(t.accountId, t.livemode, t.type, t.id),
  ],
);

/** Subscriptions. Signing secrets are sealed (AES-256-GCM, see webhooks/secret-box.ts), never stored in clear. */
export const webhooks = pgTable(
  "webhooks",
  {
    ...tenant,
    url: text("url").notNull(),
    /** Event types, or `{*}` for every type. */
    events: text("events").array().notNull(),
    description: text("description"),
    status: text("status", { enum: enums["Webhook.status"] }).notNull(),
    disabledReason: text("disabled_reason", { enum: enums["Webhook.disabled_reason"] }),
    secret: text("secret").notNull(),
    /** The secret before the last rotation, which keeps signing until `previous_secret_expires_at`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true, mode: "date" }),
    /** The first failed attempt since the last successful one; null while deliveries succeed. */
    failingSince: timestamp("failing_since", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.livemode, t.id] })],
);

/**
 * One row per delivery attempt. `pending` rows are the queue: written with their event (fan-out in the
 * event's own transaction), claimed by workers with FOR UPDATE SKIP LOCKED.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    ...tenant,
    webhookId: text("webhook_id").notNull(),
    eventId: text("event_id").notNull(),
    attempt: integer("attempt").notNull(),
    status: text("status", { enum: enums["WebhookDelivery.status"] }).notNull(),
    responseStatus: integer("response_status"),
    latencyMs: integer("latency_ms"),
    error: text("error"),
    /** When the attempt was made or, while pending, scheduled. */
    createdAt: createdAt(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    index("webhook_deliveries_webhook_idx").on(t.accountId, t.livemode, t.webhookId, t.id),
    // Workers serve every account, so the queue's index cannot lead with the account: it holds only
    // pending rows and stays small however long the log grows.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    foreignKey({
      name: "webhook_deliveries_webhook_fk",
      columns: [t.accountId, t.livemode, t.webhookId],
      foreignColumns: [webhooks.accountId, webhooks.livemode, webhooks.id],
    }).onDelete("cascade"),
  ],
);
