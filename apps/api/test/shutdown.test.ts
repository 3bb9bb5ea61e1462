import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtures } from "@bahi/contract";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import postgres from "postgres";
import { afterAll, describe, expect } from "vitest";
import { SHUTDOWN_GRACE_MS } from "../src/config.js";
import { invoices, products } from "../src/db/schema.js";
import { startServer } from "../src/server.js";
import { driverUnderTest, type TestDatabase } from "./support/database.js";
import { it } from "./support/fixtures.js";
import { type ServerProcess, startServerProcess } from "./support/processes.js";
import { createTenant } from "./support/tenants.js";

const startLocal = (database: TestDatabase) =>
  startServer({
    db: database.handle.db,
    logger: pino({ level: "silent" }),
    port: 0,
    host: "127.0.0.1",
    isReady: async () => true,
  });

describe("graceful shutdown", () => {
  it("lets a request in flight finish, refuses new connections, then resolves", async ({ database }) => {
    const { testKey } = await createTenant(database.handle.db);
    const server = await startLocal(database);
    const body = new TextEncoder().encode(JSON.stringify(fixtures.PartyCreateUnregistered));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The body arrives in two halves with a pause between: the request is in flight when close() starts.
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(body.slice(0, 10));
        await held;
        controller.enqueue(body.slice(10));
        controller.close();
      },
    });
    const inFlight = fetch(`${server.url}/v1/parties`, {
      method: "POST",
      headers: { authorization: `Bearer ${testKey}`, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 100));
    let closed = false;
    const closing = server.close(10_000).then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    release();
    const response = await inFlight;
    expect(response.status).toBe(201);
    // Its keep-alive connection ends with the answer, rather than idling until the timeout cuts it.
    expect(response.headers.get("connection")).toBe("close");
    const answered = Date.now();
    await closing;
    expect(closed).toBe(true);
    expect(Date.now() - answered).toBeLessThan(1_000);
  });

  it("waits for a handler whose client has gone, so that the database does not close under it", async ({
    database,
  }) => {
    const { testKey, accountId } = await createTenant(database.handle.db);
    const server = await startLocal(database);
    const post = (path: string, body: unknown, signal?: AbortSignal) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${testKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal,
      });
    const party = (await (await post("/v1/parties", fixtures.PartyCreateUnregistered)).json()) as {
      id: string;
    };
    expect((await post("/v1/products", fixtures.ProductCreate)).status).toBe(201);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The product's row, locked until released: a sale of it waits in its handler meanwhile.
    const locking = database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${products} where ${products.accountId} = ${accountId} for update`);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const client = new AbortController();
    const sale = { party_id: party.id, items: [{ sku: fixtures.ProductCreate.sku, qty: 1, rate: 10 }] };
    const gone = post("/v1/invoices", sale, client.signal).catch(() => "aborted");
    await new Promise((resolve) => setTimeout(resolve, 200));
    client.abort();
    expect(await gone).toBe("aborted");
    let closed = false;
    const closing = server.close(10_000).then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    release();
    await locking;
    await closing;
    // The handler ended before close() did, and its invoice was written whole.
    const [row] = await database.handle.db
      .select({ issued: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.accountId, accountId));
    expect(row?.issued).toBe(1);
  });

  it("answers /readyz with 503 and Connection: close on a connection busy when the stop came", async ({
    database,
  }) => {
    const server = await startLocal(database);
    const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    const ended = once(socket, "end");
    // Half a request: the connection is busy, so the stop does not close it as idle.
    socket.write("GET /readyz HTTP/1.1\r\nHost: bahi\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = server.close(10_000);
    socket.write("\r\n");
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('{"status":"unavailable"}');
    await closing;
  });
});

describe("the server process on SIGTERM", () => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.child.kill("SIGKILL"));

  it("closes a slow request's connection once answered, and exits well before the timeout", async () => {
    server = await startServerProcess({
      BAHI_DATA_DIR: mkdtempSync(join(tmpdir(), "bahi-data-")),
      DATABASE_URL: "",
      BAHI_DEMO: "true",
      BAHI_SHUTDOWN_TIMEOUT_MS: "10000",
    });
    const key = /export BAHI_API_KEY=(\S+)/.exec(server.output())?.[1];
    const body = new TextEncoder().encode(JSON.stringify(fixtures.PartyCreateUnregistered));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inFlight = fetch(`${server.url}/v1/parties`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(body.slice(0, 10));
          await held;
          controller.enqueue(body.slice(10));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await server.lineWith('"msg":"shutting down');
    release();
    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(response.headers.get("connection")).toBe("close");
    expect(await server.exited).toBe(0);
    // Node's keep-alive timeout (5 s) would end the connection earlier than BAHI_SHUTDOWN_TIMEOUT_MS.
    expect(Date.now() - signalled).toBeLessThan(3_000);
  });

  it.runIf(driverUnderTest === "postgres")(
    "exits, with 1, when work still waits on the database at the timeout",
    async ({ database }) => {
      if (!database.url) throw new Error("PostgreSQL has a URL");
      const shutdownTimeoutMs = 300;
      server = await startServerProcess({
        DATABASE_URL: database.url,
        BAHI_SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      });
      // The webhook worker's next look for deliveries waits on this lock, and its stop on that look.
      const locker = postgres(database.url, { max: 1, onnotice: () => {} });
      const held = await locker.reserve();
      try {
        await held`begin`;
        await held`lock table webhook_deliveries in access exclusive mode`;
        await new Promise((resolve) => setTimeout(resolve, 300));
        const signalled = Date.now();
        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(1);
        expect(Date.now() - signalled).toBeLessThan(shutdownTimeoutMs + SHUTDOWN_GRACE_MS);
        expect(server.output()).toContain("work was still waiting on the database at the shutdown timeout");
      } finally {
        await held`rollback`;
        held.release();
        await locker.end();
      }
    },
    30_000,
  );
});
