import type { components, operations } from "./generated/schema.js";

/** The `operationId` of an operation of the Bahi API, e.g. `"createInvoice"`. */
export type OperationId = keyof operations;

/** A schema of the contract by name, e.g. `Schema<"Invoice">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

type JsonContent<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

/** The JSON request body of an operation. */
export type RequestBody<Id extends OperationId> = JsonContent<NonNullable<operations[Id]["requestBody"]>>;

/**
 * Which copy of a document a PDF is (Rule 48 of the CGST Rules): `original` (the default, for the
 * recipient), `duplicate` (for the transporter) or `triplicate` (for the supplier).
 */
export type PdfQuery = { copy?: components["parameters"]["DocumentCopy"] };

/** The query parameters of an operation. */
export type QueryParams<Id extends OperationId> = NonNullable<operations[Id]["parameters"]["query"]>;

type Responses<Id extends OperationId> = operations[Id]["responses"];

/** What a successful call of an operation answers (its 2xx JSON body). */
export type Result<Id extends OperationId> = {
  [Status in keyof Responses<Id>]: Status extends 200 | 201 | 202
    ? JsonContent<Responses<Id>[Status]>
    : never;
}[keyof Responses<Id>];

/** One entry of a problem's `errors`: a bad field, named by a JSON Pointer into the request. */
export type FieldError = Schema<"FieldError">;

/** Options of one call, overriding the client's. */
export interface RequestOptions {
  /**
   * The `Idempotency-Key` of a POST. Left out, the SDK makes one per call and keeps it across that call's
   * retries; pass your own to make a retry of your own (e.g. after a crash) safe as well.
   */
  idempotencyKey?: string;
  /** Milliseconds each attempt may take, response body included. */
  timeout?: number;
  /** How many times a failed attempt is retried. */
  maxRetries?: number;
  /** Aborts the call, retries and waits between them included. */
  signal?: AbortSignal;
}

/**
 * Checks a request body before it is sent. Returns the bad fields, or none when the body is valid; any
 * bad field stops the call with a `ValidationError` and nothing is sent.
 */
export type RequestValidator = (operationId: OperationId, body: unknown) => readonly FieldError[];
