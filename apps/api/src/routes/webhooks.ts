import type { Handlers } from "../http/operation-types.js";
import { actorOf, recordAudit } from "../services/audit/audit-log.js";
import { pageQuery } from "../services/shared/pagination.js";
import { resendDelivery } from "../services/webhooks/resend.js";
import {
  createWebhook,
  DEFAULT_SECRET_OVERLAP_SECONDS,
  deleteWebhook,
  findWebhook,
  listDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  toWebhook,
  updateWebhook,
} from "../services/webhooks/subscriptions.js";

export const webhookHandlers: Handlers = {
  createWebhook: async ({ body }, { principal, db, services }) => ({
    status: 201,
    body: await createWebhook(db, principal, body, services.webhooks),
  }),
  listWebhooks: async ({ query }, { principal, db }) => ({
    status: 200,
    body: await listWebhooks(db, principal, pageQuery(query)),
  }),
  retrieveWebhook: async ({ path }, { principal, db }) => ({
    status: 200,
    body: toWebhook(await findWebhook(db, principal, path.id)),
  }),
  updateWebhook: async ({ path, body }, { principal, db, services, now }) => ({
    status: 200,
    body: await updateWebhook(db, principal, path.id, body, services.webhooks, now),
  }),
  deleteWebhook: async ({ path }, { principal, db }) => ({
    status: 200,
    body: await deleteWebhook(db, principal, path.id),
  }),
  rotateWebhookSecret: async ({ path, body }, { principal, db, services, now }) => {
    const webhook = await rotateWebhookSecret(
      db,
      principal,
      path.id,
      body?.overlap_seconds ?? DEFAULT_SECRET_OVERLAP_SECONDS,
      services.webhooks,
      now,
    );
    await recordAudit(db, {
      accountId: principal.accountId,
      livemode: principal.livemode,
      actor: actorOf(principal),
      action: "webhook.secret_rotated",
      targetId: path.id,
    });
    return { status: 200, body: webhook };
  },
  listWebhookDeliveries: async ({ path, query }, { principal, db }) => ({
    status: 200,
    body: await listDeliveries(db, principal, path.id, pageQuery(query)),
  }),
  resendWebhookDelivery: async ({ path }, { principal, db, now }) => ({
    status: 201,
    body: await resendDelivery(db, principal, path.id, path.delivery_id, now),
  }),
};
