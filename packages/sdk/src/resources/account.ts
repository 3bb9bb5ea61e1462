import type { Core } from "../core.js";
import type { RequestBody, RequestOptions, Result } from "../types.js";

/** The business behind the keys, with its GST profile (tag `Account`). */
export class Account {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** `retrieveAccount`: the account of the key. */
  retrieve(options?: RequestOptions): Promise<Result<"retrieveAccount">> {
    return this.#core.call("retrieveAccount", options, (init) => this.#core.client.GET("/v1/account", init));
  }

  /** `retrieveEinvoiceSettings`: how the account registers its e-invoices in the key's mode (no secrets). */
  retrieveEinvoiceSettings(options?: RequestOptions): Promise<Result<"retrieveEinvoiceSettings">> {
    return this.#core.call("retrieveEinvoiceSettings", options, (init) =>
      this.#core.client.GET("/v1/account/einvoice_settings", init),
    );
  }

  /** `updateEinvoiceSettings`: sets, whole, the IRP the account registers with (the sandbox, or NIC's API). */
  updateEinvoiceSettings(
    body: RequestBody<"updateEinvoiceSettings">,
    options?: RequestOptions,
  ): Promise<Result<"updateEinvoiceSettings">> {
    return this.#core.call(
      "updateEinvoiceSettings",
      options,
      (init) => this.#core.client.POST("/v1/account/einvoice_settings", { ...init, body }),
      body,
    );
  }

  /** `updateAccount`: changes the trade name, address or other editable parts of the profile. */
  update(body: RequestBody<"updateAccount">, options?: RequestOptions): Promise<Result<"updateAccount">> {
    return this.#core.call(
      "updateAccount",
      options,
      (init) => this.#core.client.PATCH("/v1/account", { ...init, body }),
      body,
    );
  }
}
