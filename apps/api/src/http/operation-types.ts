import type { operations } from "@bahi/contract";
import type { Executor } from "../db/client.js";
import type { Principal } from "../services/accounts/principal.js";
import type { Services } from "../services/index.js";
import type { WriteContext } from "../services/shared/writes.js";
import type { JsonStream } from "../values/json-stream.js";
import type { JsonText } from "../values/json-text.js";
import type { Upload } from "../values/upload.js";

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

type SuccessStatus<K extends OperationId> = Extract<keyof Op<K>["responses"], 200 | 201 | 202 | 204 | 304>;
type ContentOf<R> = R extends { content: infer C } ? C[keyof C] : undefined;
/** A file the spec types as a string (`application/pdf`) may be answered as its bytes. */
type BytesOf<C> = [C] extends [string] ? Uint8Array : never;

/**
 * What a handler answers: a success status the spec lists for the operation, and its body, whole,
 * as JSON text already written (JsonText), or (for a read too large to hold) as a stream of the same
 * shape; a text body (a CSV download) or a file's bytes (a PDF) goes out as it is, with `headers`
 * naming its Content-Type; a 304 has no body.
 */
export type Reply<K extends OperationId> = {
  [S in SuccessStatus<K>]: {
    status: S;
    body:
      | ContentOf<Op<K>["responses"][S]>
      | JsonStream<ContentOf<Op<K>["responses"][S]>>
      | JsonText<ContentOf<Op<K>["responses"][S]>>
      | BytesOf<ContentOf<Op<K>["responses"][S]>>;
    headers?: Record<string, string>;
    /**
     * For a write: runs once it has committed, and gives the answer to send instead of this one (a
     * create that waited for what followed its commit). The key's record keeps this one.
     */
    settled?: () => Promise<Reply<K>>;
  };
}[SuccessStatus<K>];

type Param<K extends OperationId, Where extends string> = Op<K>["parameters"] extends {
  [W in Where]?: infer P;
}
  ? [P] extends [never]
    ? Record<string, never>
    : NonNullable<P>
  : Record<string, never>;

/** The parsed JSON body, or for an operation that takes files instead, the Upload as it came. */
type Body<K extends OperationId> =
  Op<K> extends { requestBody: { content: { "application/json": infer B } } }
    ? B
    : Op<K> extends { requestBody?: { content: { "application/json": infer B } } }
      ? B | undefined
      : Op<K> extends { requestBody: { content: object } }
        ? Upload
        : undefined;

/** A request after validation against the spec: typed exactly as the spec describes it. */
/** Header parameters by their names in lower case, as the router reads and validates them. */
type LowerCaseKeys<T> = { [N in keyof T as Lowercase<N & string>]: T[N] };

export interface RequestInput<K extends OperationId> {
  path: Param<K, "path">;
  query: Param<K, "query">;
  headers: LowerCaseKeys<Param<K, "header">>;
  body: Body<K>;
}

export interface HandlerContext {
  /** The caller; reading it in a public operation is a programming error and throws. */
  readonly principal: Principal;
  readonly requestId: string;
  /**
   * For a read, the pool (or a point read's connections); for a write, its one transaction (the pool
   * for a write that commits alone: see `commitsAlone` in routes).
   */
  readonly db: Executor;
  /** For a write: its transaction, and how to ask for one when it commits alone (see runWrite). */
  readonly write?: WriteContext;
  readonly services: Services;
  readonly now: Date;
  /**
   * Runs `effect` once the request's writes are committed, and not if they fail: for what this node
   * keeps in memory of the database (a cache cleared before the commit could be filled again, by
   * another request, with what the commit is about to change).
   */
  readonly afterCommit: (effect: () => void) => void;
}

export type Handler<K extends OperationId> = (
  input: RequestInput<K>,
  ctx: HandlerContext,
) => Promise<Reply<K>>;

/** Handlers keyed by operationId; an operation without one is not routed (404), never stubbed. */
export type Handlers = { [K in OperationId]?: Handler<K> };
