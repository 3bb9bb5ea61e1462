import type { Core } from "../core.js";
import type { List } from "../list.js";
import type { QueryParams, RequestBody, RequestOptions, Result } from "../types.js";
import { verifyWebhook } from "../webhook-signature.js";

/** Webhook subscriptions and their delivery log (tag `Webhooks`). */
export class Webhooks {
  readonly #core: Core;
  /** Verifies a delivery; the same function as `Bahi.webhooks.verify`. */
  readonly verify = verifyWebhook;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `createWebhook`: subscribes a URL to events; the signing `secret` is in this answer only. */
  create(body: RequestBody<"createWebhook">, options?: RequestOptions): Promise<Result<"createWebhook">> {
    return this.#core.call(
      "createWebhook",
      options,
      (init) => this.#core.client.POST("/v1/webhooks", { ...init, body }),
      body,
    );
  }

  /** `listWebhooks`: subscriptions, newest first. */
  list(query?: QueryParams<"listWebhooks">, options?: RequestOptions): List<Result<"listWebhooks">> {
    return this.#core.list("listWebhooks", query, options, (q, init) =>
      this.#core.client.GET("/v1/webhooks", { ...init, params: { query: q } }),
    );
  }

  /** `retrieveWebhook` */
  retrieve(id: string, options?: RequestOptions): Promise<Result<"retrieveWebhook">> {
    return this.#core.call("retrieveWebhook", options, (init) =>
      this.#core.client.GET("/v1/webhooks/{id}", { ...init, params: { path: { id } } }),
    );
  }

  /** `updateWebhook`: changes the URL, events or description, or enables a disabled webhook. */
  update(
    id: string,
    body: RequestBody<"updateWebhook">,
    options?: RequestOptions,
  ): Promise<Result<"updateWebhook">> {
    return this.#core.call(
      "updateWebhook",
      options,
      (init) => this.#core.client.PATCH("/v1/webhooks/{id}", { ...init, params: { path: { id } }, body }),
      body,
    );
  }

  /** `deleteWebhook`: deletes the subscription, cancelling its pending deliveries. */
  del(id: string, options?: RequestOptions): Promise<Result<"deleteWebhook">> {
    return this.#core.call("deleteWebhook", options, (init) =>
      this.#core.client.DELETE("/v1/webhooks/{id}", { ...init, params: { path: { id } } }),
    );
  }

  /** `rotateWebhookSecret`: a new signing secret; the old one keeps signing during the overlap. */
  rotateSecret(
    id: string,
    body?: RequestBody<"rotateWebhookSecret">,
    options?: RequestOptions,
  ): Promise<Result<"rotateWebhookSecret">> {
    return this.#core.call(
      "rotateWebhookSecret",
      options,
      (init) =>
        this.#core.client.POST("/v1/webhooks/{id}/rotate_secret", {
          ...init,
          params: { path: { id } },
          body,
        }),
      body,
    );
  }

  /** `listWebhookDeliveries`: the webhook's delivery attempts, newest first. */
  listDeliveries(
    id: string,
    query?: QueryParams<"listWebhookDeliveries">,
    options?: RequestOptions,
  ): List<Result<"listWebhookDeliveries">> {
    return this.#core.list("listWebhookDeliveries", query, options, (q, init) =>
      this.#core.client.GET("/v1/webhooks/{id}/deliveries", { ...init, params: { path: { id }, query: q } }),
    );
  }

  /** `resendWebhookDelivery`: sends the attempt's event again, under the same `webhook-id`. */
  resendDelivery(
    id: string,
    deliveryId: string,
    options?: RequestOptions,
  ): Promise<Result<"resendWebhookDelivery">> {
    return this.#core.call("resendWebhookDelivery", options, (init) =>
      this.#core.client.POST("/v1/webhooks/{id}/deliveries/{delivery_id}/resend", {
        ...init,
        params: { path: { id, delivery_id: deliveryId } },
      }),
    );
  }
}
