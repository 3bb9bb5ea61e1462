import type { Core } from "../core.js";
import type { List } from "../list.js";
import type { QueryParams, RequestBody, RequestOptions, Result } from "../types.js";

/** Keys that authenticate requests, each with a mode and scopes (tag `API keys`). */
export class ApiKeys {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `createApiKey`: a new key of the caller's mode; its `secret` is in this answer only. */
  create(body: RequestBody<"createApiKey">, options?: RequestOptions): Promise<Result<"createApiKey">> {
    return this.#core.call(
      "createApiKey",
      options,
      (init) => this.#core.client.POST("/v1/api_keys", { ...init, body }),
      body,
    );
  }

  /** `listApiKeys`: every key of the account and mode, newest first (prefix and last four only). */
  list(query?: QueryParams<"listApiKeys">, options?: RequestOptions): List<Result<"listApiKeys">> {
    return this.#core.list("listApiKeys", query, options, (q, init) =>
      this.#core.client.GET("/v1/api_keys", { ...init, params: { query: q } }),
    );
  }

  /** `revokeApiKey`: the key stops working at once. */
  revoke(id: string, options?: RequestOptions): Promise<Result<"revokeApiKey">> {
    return this.#core.call("revokeApiKey", options, (init) =>
      this.#core.client.POST("/v1/api_keys/{id}/revoke", { ...init, params: { path: { id } } }),
    );
  }

  /** `rotateApiKey`: a new key with the same scopes; the old one may keep working for a while. */
  rotate(
    id: string,
    body?: RequestBody<"rotateApiKey">,
    options?: RequestOptions,
  ): Promise<Result<"rotateApiKey">> {
    return this.#core.call(
      "rotateApiKey",
      options,
      (init) =>
        this.#core.client.POST("/v1/api_keys/{id}/rotate", { ...init, params: { path: { id } }, body }),
      body,
    );
  }
}
