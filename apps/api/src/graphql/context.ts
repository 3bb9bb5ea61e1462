import type { Principal } from "../services/accounts/principal.js";
import type { Loaders } from "./loaders.js";
import type { OperationRunner } from "./operations.js";

/** What every resolver of one request is handed. */
export interface GraphContext {
  /** The caller, authenticated by its API key as for REST. */
  readonly principal: Principal;
  readonly requestId: string;
  /** Runs the REST operation behind a field (its scopes, validation and use case). */
  readonly runner: OperationRunner;
  /** This request's batches of related objects (DataLoader). */
  readonly loaders: Loaders;
}
