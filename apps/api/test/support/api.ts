import { operationList } from "@bahi/contract";
import { problemProblems, responseProblems } from "@bahi/contract/testing";
import { pino } from "pino";
import { expect } from "vitest";
import type { RateLimits } from "../../src/http/rate-limit.js";
import { type ServerOptions, startServer } from "../../src/server.js";
import { StatementLanes } from "../../src/speed/lanes.js";
import { createTestDatabase, type TestDatabase } from "./database.js";
import { recordAnswer } from "./status-coverage.js";

export interface CallOptions {
  key?: string | null;
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Sent as is, instead of `body` as JSON: text, a file's bytes, or a form. */
  rawBody?: string | Uint8Array | FormData;
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, any>> {
  status: number;
  headers: Headers;
  body: T;
  /** The body as it was sent, as UTF-8 text. */
  text: string;
  /** The body as it was sent, byte for byte (a PDF). */
  bytes: Uint8Array;
}

export interface TestApi {
  readonly url: string;
  readonly database: TestDatabase;
  /** The server's lanes for invoice claims (speed/lanes.ts); null on PGlite. */
  readonly lanes: StatementLanes | null;
  /** Calls an operation of the spec and asserts that the answer conforms to the spec. */
  call<T = Record<string, any>>(operationId: string, options?: CallOptions): Promise<CallResult<T>>;
  /** A request outside the spec's operations (unknown routes, wrong methods, health). */
  fetch(path: string, init?: RequestInit): Promise<CallResult>;
  close(): Promise<void>;
}

async function read(response: Response): Promise<CallResult> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    headers: response.headers,
    body: type.includes("json") && text ? JSON.parse(text) : text,
    text,
    bytes,
  };
}

/** Calls an operation of the spec on the server at `baseUrl` and asserts that the answer conforms to the spec. */
export async function callOperation(
  baseUrl: string,
  operationId: string,
  options: CallOptions = {},
): Promise<CallResult<any>> {
  const op = operationList.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the spec`);
  let path = op.path;
  for (const [name, value] of Object.entries(options.path ?? {})) {
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  const url = new URL(path, baseUrl);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | Uint8Array | FormData | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const result = await read(await fetch(url, { method: op.method, headers, body }));
  expectConforming(operationId, result);
  return result;
}

/** Asserts that an answer of `operationId` conforms to the spec, and logs its status as triggered. */
export function expectConforming(operationId: string, result: Omit<CallResult, "bytes">): void {
  expect(responseProblems(operationId, result), `${operationId} answered ${result.status}`).toEqual([]);
  recordAnswer(operationId, result.status);
}

/** What a test may choose of its server; the rest is as `startServer` defaults it. */
export type TestApiOptions = {
  rateLimits?: RateLimits;
  poolSize?: number;
  /** Sees the text of every SQL statement the server sends (GraphQL's statement count). */
  onStatement?: (text: string) => void;
  /** A database of the test's own making, instead of a fresh one of the driver under test. */
  database?: TestDatabase;
} & Partial<
  Pick<
    ServerOptions,
    | "webhookPolicy"
    | "oauthRateLimits"
    | "redisUrl"
    | "logger"
    | "einvoiceWaitMs"
    | "registrationWorker"
    | "mailer"
    | "timeouts"
  >
>;

/**
 * A real HTTP server on a free loopback port over a fresh database of the driver under test (on
 * PostgreSQL, with a pool of `poolSize` connections).
 */
export async function startTestApi({
  poolSize,
  onStatement,
  database: ownDatabase,
  ...options
}: TestApiOptions = {}): Promise<TestApi> {
  const database = ownDatabase ?? (await createTestDatabase(poolSize, onStatement));
  const { sql } = database.handle;
  const lanes = sql ? new StatementLanes(sql, poolSize ?? 10) : null;
  const server = await startServer({
    db: database.handle.db,
    lanes,
    pointReads: database.handle.pointReads,
    logger: options.logger ?? pino({ level: "silent" }),
    port: 0,
    host: "127.0.0.1",
    isReady: async () => true,
    ...options,
  });
  return {
    url: server.url,
    database,
    lanes,
    call: (operationId, options) => callOperation(server.url, operationId, options),
    async fetch(path, init) {
      const result = await read(await fetch(new URL(path, server.url), init));
      if (result.headers.get("content-type")?.startsWith("application/problem+json")) {
        expect(problemProblems(result.body)).toEqual([]);
      }
      return result;
    },
    async close() {
      await server.close(1_000);
      await lanes?.close();
      await database.drop();
    },
  };
}

/**
 * Calls with one API key, failing the test on any 5xx with the request and its answer: the property
 * tests' caller, whose requests may be refused (4xx) but never break the server.
 */
export function callerWith(api: TestApi, key: string) {
  return async (operationId: string, options: Omit<CallOptions, "key"> = {}): Promise<CallResult> => {
    const res = await api.call(operationId, { key, ...options });
    expect(
      res.status,
      `${operationId} ${JSON.stringify(options)} → ${JSON.stringify(res.body)}`,
    ).toBeLessThan(500);
    return res;
  };
}
