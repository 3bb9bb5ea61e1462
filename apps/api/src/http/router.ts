import { type FieldError, type OperationSpec, operationList, toFieldErrors } from "@bahi/contract";
import type { ValidateFunction } from "ajv";
import type { Context, Hono } from "hono";
import type { Executor } from "../db/client.js";
import type { Authentication } from "../services/accounts/authenticate.js";
import { hasScopes, type Principal } from "../services/accounts/principal.js";
import type { Services } from "../services/index.js";
import {
  type Answer,
  fingerprintOf,
  runWrite,
  type WriteContext,
  type WriteDeps,
} from "../services/shared/writes.js";
import { JsonStream } from "../values/json-stream.js";
import { JsonText } from "../values/json-text.js";
import { ApiError, validationFailed } from "../values/problem.js";
import { isUpload, textsOf } from "../values/upload.js";
import { readBody } from "./body.js";
import { type AppEnv, requestLogger } from "./context.js";
import { nulCharacterErrors } from "./nul-characters.js";
import type { HandlerContext, Handlers, OperationId } from "./operation-types.js";
import { jsonResponse } from "./response.js";

/** The validated request as the router holds it; each handler sees it typed by its operation. */
export interface UntypedInput {
  path: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
}
export interface UntypedReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
export type AnyHandler = (input: UntypedInput, ctx: HandlerContext) => Promise<UntypedReply>;

export interface MountedRoute {
  readonly method: string;
  readonly pattern: RegExp;
}

const toHonoPath = (template: string) => template.replace(/\{([^}]+)\}/g, ":$1");
const toPattern = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`);

function principalOf(c: Context<AppEnv>, op: OperationSpec): Principal | null {
  const auth = c.get("auth");
  if (!auth) throw new Error(`${op.operationId} was routed past authentication`);
  return authorize(auth, op);
}

/**
 * The caller allowed to run `op`: 401 without a valid key, 403 without the operation's scopes, 402
 * for a live write of a paused account; null for a public operation. GraphQL authorises each field
 * by its operation here too.
 */
export function authorize(auth: Authentication, op: OperationSpec): Principal | null {
  if (op.scopes === null) return null;
  if ("failure" in auth) throw auth.failure;
  if ("anonymous" in auth) {
    throw new ApiError(401, "missing_api_key", "Send an API key as `Authorization: Bearer sk_test_…`.");
  }
  const principal = auth.principal;
  if (!hasScopes(principal, op.scopes)) {
    throw new ApiError(
      403,
      "insufficient_scope",
      `This operation needs the scope ${op.scopes.join(" and ")}.`,
      principal.bearerToken
        ? {
            headers: {
              "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${op.scopes.join(" ")}"`,
            },
          }
        : {},
    );
  }
  if (principal.livemode && principal.subscriptionStatus === "paused" && isChargeableWrite(op)) {
    throw new ApiError(
      402,
      "subscription_paused",
      "The account's subscription is paused: live-mode changes are refused until it resumes. Reading still works.",
    );
  }
  return principal;
}

/**
 * Writes that a paused subscription refuses: the spec marks them by listing 402. Reads stay open so
 * that customers can export their data, and key management stays open so a leaked key can be revoked.
 */
function isChargeableWrite(op: OperationSpec): boolean {
  return op.method !== "GET" && op.responses.includes(402);
}

function check(validate: ValidateFunction, data: unknown, prefix: string, errors: FieldError[]): void {
  if (!validate(data)) errors.push(...toFieldErrors(validate.errors ?? [], prefix));
}

function queryOf(c: Context<AppEnv>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(c.req.queries()))
    out[name] = values.length === 1 ? values[0] : values;
  return out;
}

function headersOf(c: Context<AppEnv>, op: OperationSpec): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of op.headerParams) {
    const value = c.req.header(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Validates everything the spec says about a request, reporting every bad field at once. */
export async function inputOf(c: Context<AppEnv>, op: OperationSpec): Promise<UntypedInput> {
  const errors: FieldError[] = [];
  const path = { ...c.req.param() };
  const query = queryOf(c);
  const headers = headersOf(c, op);
  check(op.validate.path, path, "/path", errors);
  check(op.validate.query, query, "/query", errors);
  check(op.validate.headers, headers, "/header", errors);
  nulCharacterErrors(path, "/path", errors);
  nulCharacterErrors(query, "/query", errors);
  const body = await readBody(c.req.raw, op, c.env?.incoming);
  if (body !== undefined) nulCharacterErrors(isUpload(body) ? textsOf(body) : body, "", errors);
  if (body !== undefined && op.validate.body) check(op.validate.body, body, "", errors);
  if (errors.length > 0) throw validationFailed(errors);
  return { path, query, headers, body };
}

/** Validates an input given whole (GraphQL's arguments) as inputOf validates a request's parts. */
export function validateInput(op: OperationSpec, input: UntypedInput): void {
  const errors: FieldError[] = [];
  check(op.validate.path, input.path, "/path", errors);
  check(op.validate.query, input.query, "/query", errors);
  check(op.validate.headers, input.headers, "/header", errors);
  nulCharacterErrors(input.path, "/path", errors);
  nulCharacterErrors(input.query, "/query", errors);
  if (input.body !== undefined) nulCharacterErrors(input.body, "", errors);
  if (input.body !== undefined && op.validate.body) check(op.validate.body, input.body, "", errors);
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * A reply as JSON; when a handler answers text (a CSV download) or bytes (a PDF), as they are with
 * their headers, and without a body (a 304) as none; when it answers JSON text already written, as
 * that text; and when it answers a stream, as the stream.
 */
function send(c: Context<AppEnv>, reply: UntypedReply): Response {
  if (typeof reply.body === "string") return c.body(reply.body, reply.status as 200, reply.headers);
  // A file's bytes never sit on a SharedArrayBuffer.
  if (reply.body instanceof Uint8Array)
    return c.body(reply.body as Uint8Array<ArrayBuffer>, reply.status as 200, reply.headers);
  if (reply.body === undefined) return c.body(null, reply.status as 304, reply.headers);
  if (reply.body instanceof JsonStream) {
    const logger = requestLogger(c);
    // The status is sent before the body is built: a failure half-way can only cut the body short,
    // which a JSON parser then refuses, so it is logged here for the operator.
    const stream = reply.body.toReadableStream((err) => logger.error({ err }, "streamed answer failed"));
    return c.body(stream, reply.status as 200, { ...reply.headers, "Content-Type": "application/json" });
  }
  return sendJson(c, reply, reply.headers);
}

function sendJson(c: Context<AppEnv>, reply: UntypedReply, headers?: Record<string, string>): Response {
  // Sent as a string, the text of a JsonText (often a few kilobytes of pieces joined) would be copied
  // whole twice on the heap: to measure it, then joined to the headers by node:http. Encoded here
  // once, it leaves the heap, and the collector, alone.
  const json = reply.body instanceof JsonText ? Buffer.from(reply.body.text) : JSON.stringify(reply.body);
  return jsonResponse(c, reply.status, json, headers);
}

/** How the router reaches the database: the use cases' write runner, and where reads run. */
export interface RouterDeps {
  readonly writes: WriteDeps;
  /** Where reads run (the pool). */
  readonly reads: Executor;
  /** Where the reads of one record by id run (see `pointReads` in routes). */
  readonly pointReads: Executor;
}

/**
 * Routes every operation of the spec that has a handler, behind authentication, scope checks and
 * validation, all read from the spec. A read runs on the pool (a point read on its own connections);
 * a write runs through runWrite, in one transaction with its Idempotency-Key. Returns the routes, so
 * that a known path with an unknown method can be told from an unknown path (405 against 404).
 */
export function mountOperations(
  app: Hono<AppEnv>,
  {
    handlers,
    pointReads,
    answersWithSecret,
    commitsAlone,
  }: {
    handlers: Handlers;
    pointReads: ReadonlySet<OperationId>;
    answersWithSecret: ReadonlySet<OperationId>;
    commitsAlone: ReadonlySet<OperationId>;
  },
  deps: RouterDeps,
  services: Services,
): MountedRoute[] {
  const mounted: MountedRoute[] = [];
  for (const op of operationList) {
    const handler = handlers[op.operationId as OperationId] as AnyHandler | undefined;
    if (!handler) continue;
    mounted.push({ method: op.method, pattern: toPattern(op.path) });
    app.on(op.method, toHonoPath(op.path), async (c) => {
      const principal = principalOf(c, op);
      const input = await inputOf(c, op);
      const { reply, replayed } = await runOperation(op, handler, principal, input, {
        deps,
        services,
        requestId: c.get("requestId"),
        path: c.req.path,
        sets: { pointReads, answersWithSecret, commitsAlone },
      });
      if (op.method === "GET") return send(c, reply);
      return sendJson(c, reply, replayed ? { "Idempotent-Replayed": "true" } : {});
    });
  }
  return mounted;
}

/** Which operations read by id, show a secret once, or may commit alone (see routes/index.ts). */
export interface OperationSets {
  readonly pointReads: ReadonlySet<OperationId>;
  readonly answersWithSecret: ReadonlySet<OperationId>;
  readonly commitsAlone: ReadonlySet<OperationId>;
}

/**
 * Runs an authorised, validated operation: a read on the pool (a point read on its own connections),
 * a write through runWrite in one transaction under its Idempotency-Key. The HTTP routes and GraphQL's
 * resolvers both run every operation here, so a write has one way to happen.
 */
export async function runOperation(
  op: OperationSpec,
  handler: AnyHandler,
  principal: Principal | null,
  input: UntypedInput,
  run: {
    deps: RouterDeps;
    services: Services;
    requestId: string;
    /** The request's path, part of an Idempotency-Key's fingerprint. */
    path: string;
    sets: OperationSets;
  },
): Promise<{ reply: UntypedReply; replayed: boolean }> {
  const { deps, services, sets } = run;
  const operationId = op.operationId as OperationId;
  const context = (
    db: Executor,
    afterCommit: (effect: () => void) => void,
    write?: WriteContext,
  ): HandlerContext => ({
    get principal(): Principal {
      if (!principal) throw new Error(`${op.operationId} is public and has no principal`);
      return principal;
    },
    requestId: run.requestId,
    db,
    services,
    now: new Date(),
    afterCommit,
    ...(write ? { write } : {}),
  });
  if (op.method === "GET") {
    const reads = sets.pointReads.has(operationId) ? deps.pointReads : deps.reads;
    const committed: (() => void)[] = [];
    const reply = await handler(
      input,
      context(reads, (effect) => committed.push(effect)),
    );
    for (const effect of committed) effect();
    return { reply, replayed: false };
  }
  if (!principal) throw new Error(`${op.operationId} writes without a principal`);
  const key = input.headers["idempotency-key"];
  // An upload is fingerprinted by its digest: hashing its bytes as JSON would cost seconds.
  const fingerprinted = isUpload(input.body) ? { upload: input.body.digest } : input.body;
  const holdsSecret = sets.answersWithSecret.has(operationId);
  const keyed =
    key === undefined
      ? null
      : {
          key,
          fingerprint: fingerprintOf(
            op.method,
            run.path,
            fingerprinted,
            holdsSecret ? principal.keyId : undefined,
          ),
          holdsSecret,
        };
  const { answer, replayed } = await runWrite(
    deps.writes,
    principal,
    keyed,
    (write) => handler(input, context(write.tx ?? write.pool, write.afterCommit, write)),
    {
      mayCommitAlone: sets.commitsAlone.has(operationId),
      // The status a write that commits alone under a key records with its statement: the spec's.
      status: op.responses.find((code) => code >= 200 && code < 300) ?? 200,
    },
  );
  // A create that registers its e-invoice after the commit answers once registration settles.
  const settled = replayed ? undefined : (answer as { settled?: () => Promise<Answer> }).settled;
  return { reply: settled ? await settled() : answer, replayed };
}

export function allowedMethods(routes: readonly MountedRoute[], path: string): string[] {
  return [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
}
