import type { ValidateFunction } from "ajv";

export type HttpMethod = "GET" | "PUT" | "POST" | "PATCH" | "DELETE";

/** One operation of the contract, as the server and the SDK need it at run time. */
export interface OperationSpec {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The OpenAPI path template, e.g. `/v1/invoices/{id}`. */
  readonly path: string;
  /** Scopes a key must hold, or `null` for a public operation. */
  readonly scopes: readonly string[] | null;
  /** The security scheme that authenticates it (`apiKey`; the application's `session`), or null. */
  readonly scheme: string | null;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  /** Header parameter names, lower-cased. */
  readonly headerParams: readonly string[];
  readonly requestBody: { readonly required: boolean; readonly contentTypes: readonly string[] } | null;
  readonly responses: readonly number[];
  readonly validate: {
    readonly path: ValidateFunction;
    readonly query: ValidateFunction;
    readonly headers: ValidateFunction;
    readonly body?: ValidateFunction;
  };
}
