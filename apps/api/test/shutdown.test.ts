import { fixtures } from "@bahi/contract";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../src/server.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { createTenant } from "./support/tenants.js";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe("graceful shutdown", () => {
  it("lets a request in flight finish, refuses new connections, then resolves", async () => {
    const { testKey } = await createTenant(database.handle.db);
    const server = await startServer({
      db: database.handle.db,
      logger: pino({ level: "silent" }),
      port: 0,
      host: "127.0.0.1",
      isReady: async () => true,
    });
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
    await closing;
    expect(closed).toBe(true);
  });
});
