import { fixtures } from "@bahi/contract";
import { gstinCheckChar } from "@bahi/gst";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/api.js";
import { createTenant, GSTINS, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;

beforeAll(async () => {
  api = await startTestApi();
  tenant = await createTenant(api.database.handle.db, {
    gstin: GSTINS.maharashtra,
    legalName: "Sharma Electronics",
  });
});
afterAll(() => api.close());

describe("GET /v1/account", () => {
  it("returns the business profile, with PAN and state taken from the GSTIN", async () => {
    const res = await api.call("retrieveAccount", { key: tenant.testKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: tenant.accountId,
      object: "account",
      legal_name: "Sharma Electronics",
      gstin: GSTINS.maharashtra,
      pan: "AAPFU0939F",
      state_code: "27",
      plan: "growth",
      subscription_status: "active",
    });
  });

  it("is the same account in test and live mode", async () => {
    const live = await api.call("retrieveAccount", { key: tenant.liveKey });
    expect(live.body.id).toBe(tenant.accountId);
  });

  it("no account is created for a GSTIN of a legacy state code: 422 invalid_gstin", async () => {
    const gstin = `25AABCU9603R1Z${gstinCheckChar("25AABCU9603R1Z")}`;
    await expect(createTenant(api.database.handle.db, { gstin })).rejects.toMatchObject({
      status: 422,
      code: "invalid_gstin",
    });
  });
});

describe("PATCH /v1/account", () => {
  it("changes the profile", async () => {
    const res = await api.call("updateAccount", {
      key: tenant.testKey,
      body: {
        ...fixtures.AccountUpdate,
        address: { ...fixtures.AccountUpdate.address, state_code: "27", city: "Mumbai", pin: "400001" },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      trade_name: "Acme",
      address: { city: "Mumbai", line2: "Second floor" },
    });
    expect((await api.call("retrieveAccount", { key: tenant.testKey })).body.trade_name).toBe("Acme");
  });

  it("422 when the address lies outside the GSTIN's state", async () => {
    const res = await api.call("updateAccount", { key: tenant.testKey, body: fixtures.AccountUpdate });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/address/state_code", code: "state_mismatch" }),
    ]);
  });

  it("400 for a legal name or city under 3 characters, which the seller's e-invoice cannot carry", async () => {
    const address = { ...fixtures.AccountUpdate.address, state_code: "27", pin: "400001" };
    const short = await api.call("updateAccount", {
      key: tenant.testKey,
      body: { legal_name: "AB", address: { ...address, city: "Ab" } },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([
      expect.objectContaining({ pointer: "/legal_name", code: "min_length" }),
      expect.objectContaining({ pointer: "/address/city", code: "min_length" }),
    ]);
    const least = await api.call("updateAccount", {
      key: tenant.testKey,
      body: { legal_name: "ABC", address: { ...address, city: "Goa" } },
    });
    expect(least.status).toBe(200);
    expect(least.body).toMatchObject({ legal_name: "ABC", address: { city: "Goa" } });
  });

  it("400 for an empty patch or a GSTIN change", async () => {
    const empty = await api.call("updateAccount", { key: tenant.testKey, body: {} });
    expect(empty.status).toBe(400);
    const gstin = await api.call("updateAccount", { key: tenant.testKey, body: { gstin: GSTINS.delhi } });
    expect(gstin.body.errors).toEqual([
      expect.objectContaining({ pointer: "/gstin", code: "unknown_field" }),
    ]);
  });
});
