// The server's timeouts (src/http/timeouts.ts), each at its boundary: slow and broken clients are cut,
// and a request whose database does not answer is answered 503 `timeout`.
import { connect, type Socket } from "node:net";
import { fixtures } from "@bahi/contract";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import {
  CONNECTIONS_CHECK_INTERVAL_MS,
  HEADERS_TIMEOUT_MS,
  type HttpTimeouts,
  KEEP_ALIVE_TIMEOUT_MS,
  TIMEOUT_RETRY_AFTER_S,
} from "../src/http/timeouts.js";
import type { TestApi } from "./support/api.js";
import { it } from "./support/fixtures.js";
import { createTenant } from "./support/tenants.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection to `url` that records what the server sent and when it closed (ms after opening). */
async function open(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const opened = Date.now();
  let received = "";
  let closedAt: number | null = null;
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => {
      closedAt = Date.now() - opened;
      resolve(closedAt);
    }),
  );
  return {
    socket,
    opened,
    closed,
    received: () => received,
    isOpen: () => closedAt === null,
  };
}

/** Sends `text` one byte every `everyMs` until the connection closes or `text` is sent. */
async function dribble(connection: Awaited<ReturnType<typeof open>>, text: string, everyMs: number) {
  for (const byte of text) {
    if (!connection.isOpen()) return;
    connection.socket.write(byte);
    await sleep(everyMs);
  }
}

/** Holds `table` locked (on PGlite, the whole database) for `ms`. */
async function holdTable(api: TestApi, table: string, ms: number): Promise<void> {
  await api.database.handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table ${table} in access exclusive mode`));
    await sleep(ms);
  });
}

/** Small timeouts, so that each boundary is met within a second or two. */
const quick: HttpTimeouts = {
  headersMs: 1_000,
  requestMs: 2_500,
  idleMs: 1_500,
  keepAliveMs: 1_000,
  checkIntervalMs: 200,
  answerMs: 1_000,
};
/** How late a timeout may close its connection: Node's check interval, and a loaded machine. */
const SLACK_MS = 1_500;

describe("slow and broken clients", () => {
  it("cuts a client sending its headers byte by byte at HEADERS_TIMEOUT_MS, with 408", async ({ api }) => {
    const client = await open(api.url);
    void dribble(client, `GET /healthz HTTP/1.1\r\nHost: x\r\n${"X-Slow: 1\r\n".repeat(1_000)}`, 100);
    await sleep(HEADERS_TIMEOUT_MS - 1_000);
    expect(client.isOpen()).toBe(true);
    const closedAt = await client.closed;
    expect(closedAt).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS);
    expect(closedAt).toBeLessThan(HEADERS_TIMEOUT_MS + CONNECTIONS_CHECK_INTERVAL_MS + SLACK_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it("closes an idle keep-alive connection at KEEP_ALIVE_TIMEOUT_MS", async ({ api }) => {
    const client = await open(api.url);
    client.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    while (!client.received().includes("\r\n\r\n")) await sleep(10);
    const answered = Date.now() - client.opened;
    await sleep(KEEP_ALIVE_TIMEOUT_MS - 1_000);
    expect(client.isOpen()).toBe(true);
    const closedAt = await client.closed;
    expect(closedAt - answered).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS - 100);
    expect(closedAt - answered).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + SLACK_MS);
  }, 30_000);

  it("applies each timeout it is given, at its boundary", async ({ startApi }) => {
    const api = await startApi({ timeouts: quick });
    const { testKey } = await createTenant(api.database.handle.db);
    const post = (length: number) =>
      `POST /v1/parties HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${testKey}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    const body = JSON.stringify(fixtures.PartyCreateUnregistered);

    // Headers byte by byte: 408 at headersMs.
    const slowHeaders = await open(api.url);
    void dribble(slowHeaders, `GET /healthz HTTP/1.1\r\n${"X-Slow: 1\r\n".repeat(100)}`, 20);
    // A body that keeps coming, a byte at a time, but too slowly: 408 at requestMs.
    const slowBody = await open(api.url);
    slowBody.socket.write(post(body.length));
    void dribble(slowBody, body, 100);
    // A body that stops half way: closed once idle for idleMs.
    const halfBody = await open(api.url);
    halfBody.socket.write(post(body.length) + body.slice(0, body.length / 2));
    // Clients that do not read their (large) answers: the server's side is closed once it has been
    // unable to write for idleMs (twice that at most: Node waits one period more while a write is
    // pending), which a paused client learns only when it reads again.
    const unreadAnswers = 40;
    const readLate = async (afterMs: number) => {
      const client = await open(api.url);
      client.socket.pause();
      client.socket.write("GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n".repeat(unreadAnswers));
      await sleep(afterMs);
      client.socket.resume();
      return client;
    };
    const [readSoon, readTooLate] = await Promise.all([
      readLate(quick.idleMs - 700),
      readLate(2 * quick.idleMs + SLACK_MS),
    ]);

    const [headersAt, bodyAt, halfAt] = await Promise.all(
      [slowHeaders, slowBody, halfBody].map((c) => c.closed),
    );
    expect(headersAt).toBeGreaterThanOrEqual(quick.headersMs);
    expect(headersAt).toBeLessThan(quick.headersMs + SLACK_MS);
    expect(slowHeaders.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyAt).toBeGreaterThanOrEqual(quick.requestMs);
    expect(bodyAt).toBeLessThan(quick.requestMs + SLACK_MS);
    expect(slowBody.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(halfAt).toBeGreaterThanOrEqual(quick.idleMs);
    expect(halfAt).toBeLessThan(quick.idleMs + SLACK_MS);
    expect(halfBody.received()).toBe("");
    const answers = (client: Awaited<ReturnType<typeof open>>) =>
      client.received().split("HTTP/1.1 200 OK").length - 1;
    // The one that read in time got every answer; the other was cut before its last.
    while (answers(readSoon) < unreadAnswers && readSoon.isOpen()) await sleep(50);
    expect(answers(readSoon)).toBe(unreadAnswers);
    await readTooLate.closed;
    expect(answers(readTooLate)).toBeLessThan(unreadAnswers);
    // And the server answers others as before.
    expect((await api.fetch("/healthz")).status).toBe(200);
  }, 30_000);
});

describe("a request whose database does not answer", () => {
  it("is answered 503 `timeout` with Retry-After at answerMs; a retry under its key finds the write", async ({
    startApi,
  }) => {
    const api = await startApi({ timeouts: quick });
    const { testKey: key } = await createTenant(api.database.handle.db);
    // Under the timeout: answered as usual.
    const briefly = holdTable(api, "parties", quick.answerMs / 4);
    await sleep(50);
    expect((await api.call("listParties", { key })).status).toBe(200);
    await briefly;

    const held = holdTable(api, "parties", quick.answerMs * 2 + 1_000);
    await sleep(50);
    const started = Date.now();
    const create = { key, body: fixtures.PartyCreateUnregistered, headers: { "idempotency-key": "slow-1" } };
    const late = await api.call("createParty", create);
    const took = Date.now() - started;
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe(String(TIMEOUT_RETRY_AFTER_S));
    expect(late.body).toMatchObject({ status: 503, code: "timeout" });
    expect(took).toBeGreaterThanOrEqual(quick.answerMs - 50);
    expect(took).toBeLessThan(quick.answerMs + SLACK_MS);
    const read = await api.call("listParties", { key });
    expect(read.status).toBe(503);
    await held;
    // The write went on once the database answered: the retry is its answer, and there is one party.
    let retry = await api.call("createParty", create);
    for (let i = 0; i < 20 && retry.status === 409; i++) {
      await sleep(100);
      retry = await api.call("createParty", create);
    }
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const parties = await api.call("listParties", { key });
    expect(parties.body.data).toHaveLength(1);
  }, 30_000);
});
