import { describe, expect, it } from "vitest";
import {
  AUTH_CACHE_REFRESH_AHEAD_MS,
  AUTH_CACHE_TTL_MS,
  KeyCache,
} from "../src/services/accounts/authenticate.js";

type Read = Parameters<KeyCache["known"]>[2];
type Row = NonNullable<Awaited<ReturnType<Read>>>;

const row: Row = {
  accountId: "acc_cache",
  livemode: false,
  id: "key_cache",
  secretHash: "digest",
  scopes: ["*"],
  expiresAt: null,
  revokedAt: null,
  plan: "growth",
  subscriptionStatus: "active",
};

/** A read that answers when told to, and counts how often it was asked. */
function controlledRead() {
  const pending: { resolve: (value: Row | undefined) => void; reject: (error: Error) => void }[] = [];
  const read: Read = () => new Promise((resolve, reject) => pending.push({ resolve, reject }));
  return { read, pending };
}

describe("KeyCache", () => {
  it("gives requests that want the same uncached key at the same time one read", async () => {
    const cache = new KeyCache();
    const { read, pending } = controlledRead();
    const asked = [1, 2, 3, 4, 5].map(() => cache.known("digest", 0, read));
    expect(pending).toHaveLength(1);
    pending[0]?.resolve(row);
    for (const known of await Promise.all(asked)) expect(known?.principal.keyId).toBe("key_cache");
    expect(await cache.known("digest", 1, read)).toMatchObject({ row });
    expect(pending).toHaveLength(1);
  });

  it("does not let a request after a clear share a read that started before it", async () => {
    const cache = new KeyCache();
    const { read, pending } = controlledRead();
    const before = cache.known("digest", 0, read);
    cache.clear();
    const after = cache.known("digest", 0, read);
    expect(pending).toHaveLength(2);
    // The read from before the clear answers last, and must not overwrite the one from after it.
    pending[1]?.resolve({ ...row, revokedAt: new Date(0) });
    expect((await after)?.row.revokedAt).toEqual(new Date(0));
    pending[0]?.resolve(row);
    expect((await before)?.row.revokedAt).toBeNull();
    expect((await cache.known("digest", 1, read))?.row.revokedAt).toEqual(new Date(0));
    expect(pending).toHaveLength(2);
  });

  it(`reads a key used in its last ${AUTH_CACHE_REFRESH_AHEAD_MS} ms in the background, once, and keeps the entry if that read fails`, async () => {
    const cache = new KeyCache();
    const { read, pending } = controlledRead();
    const first = cache.known("digest", 0, read);
    pending[0]?.resolve(row);
    await first;
    const refreshFrom = AUTH_CACHE_TTL_MS - AUTH_CACHE_REFRESH_AHEAD_MS;
    expect(cache.known("digest", refreshFrom - 1, read)).toMatchObject({ row });
    expect(pending).toHaveLength(1);
    // In the window: answered at once from the cache, while one read runs for all of them.
    expect(cache.known("digest", refreshFrom, read)).toMatchObject({ row });
    expect(cache.known("digest", refreshFrom + 1, read)).toMatchObject({ row });
    expect(pending).toHaveLength(2);
    pending[1]?.reject(new Error("the database is down"));
    await new Promise((resolve) => setImmediate(resolve));
    // The failed read left the entry, and the next use tries again.
    expect(cache.known("digest", AUTH_CACHE_TTL_MS - 1, read)).toMatchObject({ row });
    expect(pending).toHaveLength(3);
    pending[2]?.resolve({ ...row, scopes: ["invoices:read"] });
    await new Promise((resolve) => setImmediate(resolve));
    // Read at AUTH_CACHE_TTL_MS - 1, the new entry is trusted until that plus AUTH_CACHE_TTL_MS.
    const renewed = cache.known("digest", 2 * AUTH_CACHE_TTL_MS - 2, read);
    expect(renewed).toMatchObject({ row: { scopes: ["invoices:read"] } });
    expect(pending).toHaveLength(4);
    pending[3]?.resolve(row);
  });

  it("reads a key again once what it read has expired, without answering from the old entry", async () => {
    const cache = new KeyCache();
    const { read, pending } = controlledRead();
    const first = cache.known("digest", 0, read);
    pending[0]?.resolve(row);
    await first;
    const expired = cache.known("digest", AUTH_CACHE_TTL_MS, read);
    expect(expired).toBeInstanceOf(Promise);
    pending[1]?.resolve(undefined);
    expect(await expired).toBeUndefined();
  });
});
