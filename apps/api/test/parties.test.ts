import { fixtures } from "@bahi/contract";
import { gstinCheckChar } from "@bahi/gst";
import { describe, expect } from "vitest";
import { setSubscriptionStatus } from "../src/services/accounts/accounts.js";
import type { CallResult, TestApi } from "./support/api.js";
import { eventsOf } from "./support/events.js";
import { it as base } from "./support/fixtures.js";
import { GSTINS, type Tenant } from "./support/tenants.js";

const it = base.extend(
  "create",
  { scope: "file" },
  ({ api, tenant }) =>
    (body: unknown, key = tenant.testKey) =>
      api.call("createParty", { key, body }),
);

describe("creating parties", () => {
  it("a registered party takes its state from the GSTIN and announces itself", async ({
    api,
    tenant,
    create,
  }) => {
    const res = await create(fixtures.PartyCreate);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "party",
      livemode: false,
      type: "customer",
      name: "Sharma Electronics",
      gstin: GSTINS.maharashtra,
      state_code: "27",
      address: { city: "Mumbai", state_code: "27" },
    });
    expect(res.body.id).toMatch(/^pty_[0-9a-z]{26}$/);
    const announced = await eventsOf(api.database.handle.db, tenant.accountId, "party.created");
    expect(announced.map((e) => e.object)).toContainEqual(res.body);
  });

  it("an unregistered party takes its state from its address", async ({ create }) => {
    const res = await create(fixtures.PartyCreateUnregistered);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ gstin: null, state_code: "29", email: null });
  });

  it("a registered party needs no address", async ({ create }) => {
    const res = await create({ type: "supplier", name: "Ramesh Paper Mills", gstin: GSTINS.delhi });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ address: null, state_code: "07", type: "supplier" });
  });

  it("422 invalid_gstin for a bad check character, naming the field", async ({ create }) => {
    const res = await create({ ...fixtures.PartyCreate, gstin: "27AAPFU0939F1ZW" });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid_gstin");
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: "/gstin", code: "invalid_gstin" })]);
  });

  it("422 invalid_gstin for a GSTIN of a legacy state code (25, 28), which is no state to supply to", async ({
    api,
    tenant,
    create,
  }) => {
    for (const body of ["25AAPFU0939F1Z", "28AAPFU0939F1Z"]) {
      const gstin = body + gstinCheckChar(body);
      const res = await create({ type: "customer", name: "Old Daman Traders", gstin });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("invalid_gstin");
      expect(res.body.errors).toEqual([
        expect.objectContaining({ pointer: "/gstin", code: "invalid_gstin" }),
      ]);
    }
    const party = (await create(fixtures.PartyCreateUnregistered)).body;
    const moved = await api.call("updateParty", {
      key: tenant.testKey,
      path: { id: party.id },
      body: { gstin: `25AAPFU0939F1Z${gstinCheckChar("25AAPFU0939F1Z")}` },
    });
    expect(moved.body.code).toBe("invalid_gstin");
  });

  it("400 for a GSTIN that does not even have the shape of one", async ({ create }) => {
    const res = await create({ ...fixtures.PartyCreate, gstin: "27-AAPFU" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: "/gstin" }));
  });

  it("422 state_mismatch when the address contradicts the GSTIN", async ({ create }) => {
    const res = await create({
      ...fixtures.PartyCreate,
      gstin: GSTINS.karnataka,
      name: "Mismatch Traders",
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/address/state_code", code: "state_mismatch" }),
    ]);
  });

  it("422 address_required for an unregistered party without address", async ({ create }) => {
    const res = await create({ type: "customer", name: "Walk-in" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/address", code: "address_required" }),
    ]);
  });

  it("409 duplicate_gstin naming the existing party; the other mode is separate", async ({
    create,
    newTenant,
  }) => {
    const fresh = await newTenant({ legalName: "Dup Co" });
    const first = await create(fixtures.PartyCreate, fresh.testKey);
    const second = await create({ ...fixtures.PartyCreate, name: "Sharma Again" }, fresh.testKey);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "duplicate_gstin", existing_id: first.body.id });
    const live = await create(fixtures.PartyCreate, fresh.liveKey);
    expect(live.status).toBe(201);
    expect(live.body.livemode).toBe(true);
  });

  it("400 for unknown fields and bad values, each by pointer", async ({ create }) => {
    const res = await create({
      type: "vendor",
      name: "",
      email: "not-an-email",
      phone: "12",
      nickname: "x",
      address: { line1: "a", city: "b", state_code: "99", pin: "012345" },
    });
    expect(res.status).toBe(400);
    const pointers = res.body.errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        "/type",
        "/name",
        "/email",
        "/phone",
        "/nickname",
        "/address/state_code",
        "/address/pin",
      ]),
    );
  });

  it("the name's limit is 100 characters", async ({ create }) => {
    expect((await create({ ...fixtures.PartyCreateUnregistered, name: "n".repeat(100) })).status).toBe(201);
    const over = await create({ ...fixtures.PartyCreateUnregistered, name: "n".repeat(101) });
    expect(over.body.errors).toEqual([expect.objectContaining({ pointer: "/name", code: "max_length" })]);
  });
});

describe("reading and listing parties", () => {
  let owner: Tenant;
  const names = ["Sharma Electronics", "Sharma 100% Pure", "Gupta Stores", "Iyer & Sons"];

  it.beforeAll(async ({ newTenant, create }) => {
    owner = await newTenant({ legalName: "Lister" });
    await create({ ...fixtures.PartyCreate, name: names[0] }, owner.testKey);
    for (const name of names.slice(1))
      await create({ ...fixtures.PartyCreateUnregistered, name }, owner.testKey);
    await create({ type: "supplier", name: "Delhi Supplies", gstin: GSTINS.delhi }, owner.testKey);
  });

  const list = (api: TestApi, query: Record<string, string | number | boolean>) =>
    api.call("listParties", { key: owner.testKey, query });
  const namesOf = (res: CallResult) => res.body.data.map((p: { name: string }) => p.name);

  it("filters by type, GSTIN and name (ignoring case, with % taken literally)", async ({ api }) => {
    expect(namesOf(await list(api, { type: "supplier" }))).toEqual(["Delhi Supplies"]);
    expect(namesOf(await list(api, { gstin: GSTINS.maharashtra }))).toEqual(["Sharma Electronics"]);
    expect(namesOf(await list(api, { q: "sHaRmA" }))).toEqual(["Sharma 100% Pure", "Sharma Electronics"]);
    expect(namesOf(await list(api, { q: "100%" }))).toEqual(["Sharma 100% Pure"]);
    expect(namesOf(await list(api, { q: "%" }))).toEqual(["Sharma 100% Pure"]);
  });

  it("pages newest first", async ({ api }) => {
    const first = await list(api, { limit: 2 });
    expect(namesOf(first)).toEqual(["Delhi Supplies", "Iyer & Sons"]);
    expect(first.body.has_more).toBe(true);
    const rest = await list(api, { limit: 10, starting_after: first.body.next_cursor });
    expect(namesOf(rest)).toEqual(["Gupta Stores", "Sharma 100% Pure", "Sharma Electronics"]);
    expect(rest.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it("400 for a bad filter value", async ({ api }) => {
    const res = await list(api, { type: "vendor" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: "/query/type" })]);
  });

  it("retrieves by id; other accounts' and modes' ids are 404", async ({ api, tenant }) => {
    const party = (await list(api, { limit: 1 })).body.data[0];
    const got = await api.call("retrieveParty", { key: owner.testKey, path: { id: party.id } });
    expect(got.body).toEqual(party);
    expect((await api.call("retrieveParty", { key: owner.liveKey, path: { id: party.id } })).status).toBe(
      404,
    );
    expect((await api.call("retrieveParty", { key: tenant.testKey, path: { id: party.id } })).status).toBe(
      404,
    );
    const missing = await api.call("retrieveParty", { key: owner.testKey, path: { id: "pty_nope" } });
    expect(missing.body).toMatchObject({ status: 404, code: "not_found" });
  });
});

describe("updating parties", () => {
  it("changes fields, keeps the rest, announces party.updated", async ({ api, tenant, create }) => {
    const party = (await create({ ...fixtures.PartyCreate, gstin: null, name: "Updatable" })).body;
    const res = await api.call("updateParty", {
      key: tenant.testKey,
      path: { id: party.id },
      body: fixtures.PartyUpdate,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...party, phone: "+91 22 2387 5678", updated_at: res.body.updated_at });
    const updates = await eventsOf(api.database.handle.db, tenant.accountId, "party.updated");
    expect(updates.at(-1)?.object).toEqual(res.body);

    // Sent again, the same change changes nothing: the party as it is, no second event.
    const again = await api.call("updateParty", {
      key: tenant.testKey,
      path: { id: party.id },
      body: { ...fixtures.PartyUpdate, name: party.name },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const after = await eventsOf(api.database.handle.db, tenant.accountId, "party.updated");
    expect(after.filter((e) => e.object.id === party.id)).toHaveLength(1);
  });

  it("registering a party moves its state to the GSTIN's; the same rules apply as on create", async ({
    api,
    create,
    newTenant,
  }) => {
    const grower = await newTenant({ legalName: "Grower" });
    const party = (await create({ ...fixtures.PartyCreateUnregistered, name: "Growing Co" }, grower.testKey))
      .body;
    const mismatch = await api.call("updateParty", {
      key: grower.testKey,
      path: { id: party.id },
      body: { gstin: GSTINS.delhi },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe("state_mismatch");
    const registered = await api.call("updateParty", {
      key: grower.testKey,
      path: { id: party.id },
      body: { gstin: GSTINS.delhi, address: null },
    });
    expect(registered.body).toMatchObject({ gstin: GSTINS.delhi, state_code: "07", address: null });
    const unregistered = await api.call("updateParty", {
      key: grower.testKey,
      path: { id: party.id },
      body: { gstin: null },
    });
    expect(unregistered.status).toBe(422);
    expect(unregistered.body.code).toBe("address_required");
  });

  it("409 when taking another party's GSTIN; 404 for an unknown id; 400 for an empty patch", async ({
    api,
    create,
    newTenant,
  }) => {
    const fresh = await newTenant({ legalName: "Patchers" });
    const a = (await create({ type: "customer", name: "A", gstin: GSTINS.delhi }, fresh.testKey)).body;
    const b = (await create({ type: "customer", name: "B", gstin: GSTINS.karnataka }, fresh.testKey)).body;
    const clash = await api.call("updateParty", {
      key: fresh.testKey,
      path: { id: b.id },
      body: { gstin: GSTINS.delhi },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.existing_id).toBe(a.id);
    const same = await api.call("updateParty", {
      key: fresh.testKey,
      path: { id: a.id },
      body: { gstin: GSTINS.delhi },
    });
    expect(same.status).toBe(200);
    expect(
      (await api.call("updateParty", { key: fresh.testKey, path: { id: "pty_x" }, body: { name: "X" } }))
        .status,
    ).toBe(404);
    expect((await api.call("updateParty", { key: fresh.testKey, path: { id: a.id }, body: {} })).status).toBe(
      400,
    );
  });
});

describe("a paused subscription", () => {
  it("refuses live writes with 402, keeps live reads and test writes working", async ({
    api,
    create,
    newTenant,
  }) => {
    const paused = await newTenant({ legalName: "Paused Co" });
    await setSubscriptionStatus(api.database.handle.db, paused.accountId, "paused");
    const live = await create(fixtures.PartyCreateUnregistered, paused.liveKey);
    expect(live.status).toBe(402);
    expect(live.body.code).toBe("subscription_paused");
    expect((await api.call("listParties", { key: paused.liveKey })).status).toBe(200);
    expect((await create(fixtures.PartyCreateUnregistered, paused.testKey)).status).toBe(201);
  });
});
