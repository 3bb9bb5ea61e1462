import { connect, createServer, type Socket } from "node:net";
import { fixtures } from "@bahi/contract";
import { pino } from "pino";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_RECONNECT_MAX_DELAY_S, type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { startServer } from "../src/server.js";
import { DATABASE_RETRY_AFTER_S } from "../src/values/unavailable.js";
import { callOperation, startTestApi, type TestApi } from "./support/api.js";
import { createTestDatabase, driverUnderTest, type TestDatabase } from "./support/database.js";
import { createTenant } from "./support/tenants.js";

/**
 * A TCP proxy to PostgreSQL that can go away as a restarting database does: every connection cut,
 * and its port refusing new ones until it comes back.
 */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.on("error", () => b.destroy());
      a.on("close", () => {
        sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const port = (proxy.address() as { port: number }).port;
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    goAway() {
      proxy.close();
      for (const socket of sockets) socket.destroy();
    },
    comeBack: () => new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise((resolve) => proxy.close(resolve)),
  };
}

describe.runIf(driverUnderTest === "postgres")("a database that went away", () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let handle: DatabaseHandle;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error("PostgreSQL has a URL");
    proxy = await cuttableProxy(new URL(database.url));
    handle = await openDatabase({ driver: "postgres", url: proxy.url, poolSize: 4 });
    server = await startServer({
      db: handle.db,
      pointReads: handle.pointReads,
      logger: pino({ level: "silent" }),
      port: 0,
      host: "127.0.0.1",
      isReady: async () => true,
    });
  });
  afterAll(async () => {
    await server?.close(1_000);
    await handle?.close();
    await proxy?.close();
    await database?.drop();
  });

  it("answers 503 with Retry-After and a problem while it is gone, then serves again", async () => {
    const { testKey: key } = await createTenant(database.handle.db);
    const party = { key, body: fixtures.PartyCreateUnregistered };
    expect((await callOperation(server.url, "createParty", party)).status).toBe(201);
    proxy.goAway();
    const create = await callOperation(server.url, "createParty", {
      ...party,
      headers: { "idempotency-key": "unavailable-1" },
    });
    expect(create.status).toBe(503);
    expect(create.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(create.body).toMatchObject({ status: 503, code: "database_unavailable" });
    expect(create.text).not.toMatch(/ECONN|CONNECTION_|127\.0\.0\.1/);
    const list = await callOperation(server.url, "listInvoices", { key });
    expect(list.status).toBe(503);
    expect(list.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_S));
    await proxy.comeBack();
    const back = Date.now();
    let status = 0;
    while (status !== 201 && Date.now() - back < 2_000) {
      status = (await callOperation(server.url, "createParty", party)).status;
    }
    expect(status).toBe(201);
  }, 30_000);

  it("serves again within DATABASE_RECONNECT_MAX_DELAY_S of its return, however often it failed", async () => {
    const { testKey: key } = await createTenant(database.handle.db);
    proxy.goAway();
    // Each failure lengthens the pool's wait before its next attempt (20 s at most in postgres.js).
    for (let i = 0; i < 20; i++)
      expect((await callOperation(server.url, "listParties", { key })).status).toBe(503);
    await proxy.comeBack();
    const back = Date.now();
    const served = async () => {
      for (;;) {
        const answer = await callOperation(server.url, "listParties", { key });
        if (answer.status === 200) return Date.now() - back;
        expect(answer.status).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const took = await Promise.all(Array.from({ length: 8 }, served));
    expect(Math.max(...took)).toBeLessThan(DATABASE_RECONNECT_MAX_DELAY_S * 1_000 + 1_500);
  }, 60_000);
});

describe.runIf(driverUnderTest === "postgres")(
  "connections cut under the server (pg_terminate_backend)",
  () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi();
    });
    afterAll(() => api.close());

    it("answers 201 or 503 with Retry-After, never 500, and creates again within two seconds", async () => {
      const { testKey } = await createTenant(api.database.handle.db);
      const party = await api.call("createParty", { key: testKey, body: fixtures.PartyCreateUnregistered });
      await api.call("createProduct", { key: testKey, body: fixtures.ProductCreate });
      const sale = {
        party_id: party.body.id,
        items: [{ sku: fixtures.ProductCreate.sku, qty: 1, rate: 10 }],
      };
      const url = api.database.url;
      if (!url) throw new Error("PostgreSQL has a URL");
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      try {
        for (let cut = 0; cut < 3; cut++) {
          const creating = Array.from({ length: 8 }, () =>
            api.call("createInvoice", { key: testKey, body: sale }),
          );
          await admin`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`;
          for (const answer of await Promise.all(creating)) {
            expect([201, 503]).toContain(answer.status);
            if (answer.status === 503)
              expect(answer.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_S));
          }
          const cutAt = Date.now();
          let created = false;
          while (!created && Date.now() - cutAt < 2_000) {
            created = (await api.call("createInvoice", { key: testKey, body: sale })).status === 201;
          }
          expect(created, `cut ${cut}: no create succeeded within 2 s`).toBe(true);
        }
      } finally {
        await admin.end();
      }
    }, 60_000);
  },
);
