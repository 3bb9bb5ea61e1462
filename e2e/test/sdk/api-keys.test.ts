import { AuthenticationError, NotFoundError, PermissionError, ValidationError } from "@bahi/sdk";
import { describe, expect, it } from "vitest";
import { client } from "./support/client.js";

describe("apiKeys", () => {
  const bahi = client();

  it("create: a key shown once, which works with exactly its scopes", async () => {
    const key = await bahi.apiKeys.create({ name: "Reads the account", scopes: ["account:read"] });
    expect(key).toMatchObject({
      object: "api_key",
      livemode: false,
      scopes: ["account:read"],
      revoked_at: null,
    });
    expect(key.secret).toMatch(/^sk_test_/);
    const limited = client({ apiKey: key.secret });
    expect((await limited.account.retrieve()).object).toBe("account");
    const error = await limited.apiKeys.list().page.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ status: 403 });

    // The creation is in the account's audit log, read with audit:read (the test key holds `*`).
    const entries = [];
    for await (const entry of bahi.auditEntries.list({ action: "api_key.created", limit: 10 })) {
      entries.push(entry);
      if (entry.target_id === key.id) break;
    }
    expect(entries.at(-1)).toMatchObject({ object: "audit_entry", target_id: key.id, livemode: false });
  });

  it("list: every key over every page, newest first, without secrets", async () => {
    const created = [];
    for (const name of ["page one", "page two", "page three"])
      created.push(await bahi.apiKeys.create({ name, scopes: ["invoices:read"] }));
    const list = bahi.apiKeys.list({ limit: 2 });
    const first = await list.page;
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const ids: string[] = [];
    for await (const key of list) {
      expect(key).not.toHaveProperty("secret");
      ids.push(key.id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 3)).toEqual(created.map((k) => k.id).reverse());
    expect(ids.length).toBeGreaterThan(3);
  });

  it("rotate: a new secret, the old one working until its expiry", async () => {
    const key = await bahi.apiKeys.create({ name: "Rotated", scopes: ["account:read"] });
    const rotated = await bahi.apiKeys.rotate(key.id, { old_key_expires_in: 3600 });
    expect(rotated.secret).not.toBe(key.secret);
    expect(rotated.scopes).toEqual(key.scopes);
    expect((await client({ apiKey: rotated.secret }).account.retrieve()).object).toBe("account");
    expect((await client({ apiKey: key.secret }).account.retrieve()).object).toBe("account");

    const again = await bahi.apiKeys.rotate(rotated.id);
    const error = await client({ apiKey: rotated.secret })
      .account.retrieve()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((await client({ apiKey: again.secret }).account.retrieve()).object).toBe("account");
  });

  it("revoke: the key stops working; an unknown key is a NotFoundError", async () => {
    const key = await bahi.apiKeys.create({ name: "Revoked", scopes: ["account:read"] });
    const revoked = await bahi.apiKeys.revoke(key.id);
    expect(revoked.revoked_at).not.toBeNull();
    const error = await client({ apiKey: key.secret })
      .account.retrieve()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401 });

    const missing = await bahi.apiKeys.revoke("key_01jd4m3a9b8c7d6e5f4g3h2j1k").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).requestId).toMatch(/^req_/);
  });
});

describe("idempotency against the server", () => {
  const bahi = client();

  async function keyCount(): Promise<number> {
    let n = 0;
    for await (const _ of bahi.apiKeys.list({ limit: 100 })) n++;
    return n;
  }

  it("a create whose answer was lost is retried with the same key and made once", async () => {
    let lost = false;
    const flaky = client({
      fetch: async (request) => {
        const response = await fetch(request);
        if (request.method === "POST" && !lost) {
          lost = true;
          // The server has made the key; the client never hears of it.
          throw new TypeError("fetch failed: connection reset");
        }
        return response;
      },
    });
    const before = await keyCount();
    const key = await flaky.apiKeys.create({ name: "Made once", scopes: ["account:read"] });
    expect(lost).toBe(true);
    expect(await keyCount()).toBe(before + 1);
    expect((await bahi.apiKeys.list({ limit: 1 }).page).data[0]?.id).toBe(key.id);
  });

  it("the caller's own key replays the first answer; with another body it is refused", async () => {
    const idempotencyKey = `it-${Date.now()}`;
    const body = { name: "Replayed", scopes: ["account:read" as const] };
    const first = await bahi.apiKeys.create(body, { idempotencyKey });
    const second = await bahi.apiKeys.create(body, { idempotencyKey });
    expect(second).toEqual(first);
    const error = await bahi.apiKeys
      .create({ ...body, name: "Another" }, { idempotencyKey })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, code: "idempotency_key_reused" });
  });
});
