import { fixtures } from "@bahi/contract";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "../src/db/schema.js";
import { EVENT_RETENTION_DAYS, toEvent } from "../src/services/events/events.js";
import { firstIdAt } from "../src/values/ids.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { penSeller } from "./support/pen-seller.js";
import { createTenant, keyWithScopes, type Tenant } from "./support/tenants.js";

const PARTY = {
  type: "customer",
  name: "Sharma Stores",
  address: { line1: "4 Park Street", city: "Kolkata", state_code: "19", pin: "700016" },
};
const DAY = 86_400_000;

let api: TestApi;
let tenant: Tenant;
beforeAll(async () => {
  api = await startTestApi();
  tenant = await createTenant(api.database.handle.db);
});
afterAll(() => api.close());

describe("events", () => {
  it("lists the key's mode's events newest first, by type, over keyset pages, and retrieves each", async () => {
    const a = await api.call("createParty", { key: tenant.testKey, body: PARTY });
    await api.call("updateParty", {
      key: tenant.testKey,
      path: { id: a.body.id },
      body: { name: "Sharma & Sons" },
    });
    await api.call("createParty", { key: tenant.testKey, body: { ...PARTY, name: "Second" } });
    await api.call("createParty", { key: tenant.liveKey, body: PARTY });

    const all = await api.call("listEvents", { key: tenant.testKey });
    expect(all.body.data.map((e: { type: string }) => e.type)).toEqual([
      "party.created",
      "party.updated",
      "party.created",
    ]);
    expect(all.body.data.every((e: { livemode: boolean }) => !e.livemode)).toBe(true);
    const updated = await api.call("listEvents", { key: tenant.testKey, query: { type: "party.updated" } });
    expect(updated.body.data).toHaveLength(1);
    expect(updated.body.data[0].data.object).toMatchObject({ id: a.body.id, name: "Sharma & Sons" });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { id: string }[]; next_cursor: string | null } } = await api.call(
        "listEvents",
        {
          key: tenant.testKey,
          query: { limit: 1, ...(cursor ? { starting_after: cursor } : {}) },
        },
      );
      seen.push(...page.body.data.map((e) => e.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.body.data.map((e: { id: string }) => e.id));

    const one = await api.call("retrieveEvent", { key: tenant.testKey, path: { id: seen[0] as string } });
    expect(one.body).toEqual(all.body.data[0]);
    expect(
      (await api.call("retrieveEvent", { key: tenant.liveKey, path: { id: seen[0] as string } })).status,
    ).toBe(404);
  });

  it("each event is written as the webhooks' bodies write it, key for key, whatever its document", async () => {
    const shop = await penSeller(api);
    const buyer = await shop.party(fixtures.PartyCreate);
    const consumer = await shop.party(fixtures.PartyCreateUnregistered);
    const invoice = await shop.issued(buyer, 3.5);
    await shop.issued(consumer, 1, { notes: 'Thank you — धन्यवाद "quoted"\n' });
    const paid = await shop.call("createPayment", {
      body: {
        party_id: buyer,
        mode: "upi",
        amount: 10.5,
        allocations: [{ invoice_id: invoice.id, amount: 10.5 }],
      },
    });
    expect(paid.status).toBe(201);
    const credited = await shop.call("createCreditNote", {
      body: { invoice_id: invoice.id, reason: "correction", whole: true },
    });
    expect(credited.status).toBe(201);
    await shop.call("createProduct", {
      body: { ...fixtures.ProductCreate, sku: "INK", track_stock: true, opening_stock: 2.125 },
    });

    const rows = await api.database.handle.db
      .select()
      .from(events)
      .where(and(eq(events.accountId, shop.tenant.accountId), eq(events.livemode, false)))
      .orderBy(desc(events.id));
    expect(new Set(rows.map((r) => r.type))).toEqual(
      new Set([
        "product.created",
        "party.created",
        "invoice.created",
        "payment.created",
        "invoice.partially_paid",
        "credit_note.created",
        "invoice.paid",
      ]),
    );
    const bodies = rows.map((row) => JSON.stringify(toEvent(row)));
    const listed = await shop.call("listEvents", { query: { limit: 100 } });
    expect(listed.body.data.map((e: unknown) => JSON.stringify(e))).toEqual(bodies);
    for (const [i, row] of rows.entries()) {
      const one = await shop.call("retrieveEvent", { path: { id: row.id } });
      expect(JSON.stringify(one.body)).toBe(bodies[i]);
    }
  });

  it("created_gte includes an event created at that very time and excludes earlier ones", async () => {
    const other = await createTenant(api.database.handle.db);
    await api.call("createParty", { key: other.testKey, body: PARTY });
    const [event] = (await api.call("listEvents", { key: other.testKey })).body.data;
    const at = Date.parse(event.created_at);
    const from = (ms: number) =>
      api.call("listEvents", { key: other.testKey, query: { created_gte: new Date(ms).toISOString() } });
    expect((await from(at)).body.data).toHaveLength(1);
    expect((await from(at + 1)).body.data).toHaveLength(0);
  });

  it(`keeps events ${EVENT_RETENTION_DAYS} days (EVENT_RETENTION_DAYS)`, async () => {
    const other = await createTenant(api.database.handle.db);
    const party = (await api.call("createParty", { key: tenant.testKey, body: PARTY })).body;
    const now = Date.now();
    const insert = (ageMs: number, suffix: string) => {
      const at = new Date(now - ageMs);
      const id = `${firstIdAt("event", at).slice(0, -16)}${suffix.padStart(16, "0")}`;
      return api.database.handle.db
        .insert(events)
        .values({
          accountId: other.accountId,
          livemode: false,
          id,
          type: "party.created",
          data: { object: party },
          createdAt: at,
        })
        .then(() => id);
    };
    const kept = await insert(EVENT_RETENTION_DAYS * DAY - 60_000, "1");
    const gone = await insert(EVENT_RETENTION_DAYS * DAY + 60_000, "2");
    const listed = await api.call("listEvents", {
      key: other.testKey,
      query: { created_gte: new Date(now - 40 * DAY).toISOString() },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([kept]);
    expect((await api.call("retrieveEvent", { key: other.testKey, path: { id: gone } })).status).toBe(404);
  });

  it("needs events:read", async () => {
    const key = await keyWithScopes(api.database.handle.db, tenant.accountId, ["parties:read"]);
    const res = await api.call("listEvents", { key });
    expect(res.status).toBe(403);
  });
});
