import { http as untyped } from "msw";
import { describe, expect, it, vi } from "vitest";
import { clientFor } from "../../examples/oauth-token.js";
import { AuthenticationError, Bahi, type BahiOptions, PermissionError } from "../../src/index.js";
import { BASE_URL, fixtures, http, problem, server, useMockApi } from "../support/mock-api.js";

useMockApi();

const OLD = "bahi_at_0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0ld0";
const NEW = "bahi_at_n3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3wn3w";

/** Bahi's refusal of an expired access token, as `apps/api` words it. */
const expired = () =>
  problem(
    401,
    "invalid_token",
    { detail: "This access token expired at 2026-11-22T06:30:00.000Z." },
    {
      "www-authenticate":
        'Bearer error="invalid_token", error_description="This access token expired at 2026-11-22T06:30:00.000Z."',
    },
  );

/** A server that takes only `valid` and records the token of every request. */
function acceptOnly(valid: string) {
  const seen: string[] = [];
  server.use(
    http.get("/v1/account", ({ request, response }) => {
      const token = request.headers.get("authorization") ?? "";
      seen.push(token.replace(/^Bearer /, ""));
      return token === `Bearer ${valid}` ? response(200).json(fixtures.Account) : (expired() as never);
    }),
  );
  return seen;
}

function tokenClient(options: Partial<BahiOptions> = {}) {
  return new Bahi({ accessToken: OLD, baseUrl: BASE_URL, ...options });
}

describe("an access token", () => {
  it("is sent as the bearer token, a personal access token too", async () => {
    const pat = "bahi_pat_p4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp4tp";
    const seen = acceptOnly(pat);
    await expect(tokenClient({ accessToken: pat }).account.retrieve()).resolves.toEqual(fixtures.Account);
    expect(seen).toEqual([pat]);
  });

  it("is one credential: not with an API key, and a refresh callback needs it", () => {
    expect(() => new Bahi({ apiKey: "sk_test_x", accessToken: OLD })).toThrow(/not both/);
    expect(() => new Bahi({})).toThrow(/no apiKey given/);
    expect(() => new Bahi({ apiKey: "sk_test_x", refreshAccessToken: () => NEW })).toThrow(
      /renews an accessToken/,
    );
  });

  it("refused as invalid_token is refreshed through the callback and the request sent again", async () => {
    const seen = acceptOnly(NEW);
    const refresh = vi.fn(async () => NEW);
    const bahi = tokenClient({ refreshAccessToken: refresh });
    await expect(bahi.account.retrieve()).resolves.toEqual(fixtures.Account);
    expect(seen).toEqual([OLD, NEW]);
    // The new token is kept: the next call sends it at once.
    await bahi.account.retrieve();
    expect(seen).toEqual([OLD, NEW, NEW]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("is refreshed once for concurrent requests refused together", async () => {
    const seen = acceptOnly(NEW);
    let release: (token: string) => void = () => {};
    const refresh = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const bahi = tokenClient({ refreshAccessToken: refresh });
    const calls = Promise.all([1, 2, 3, 4, 5].map(() => bahi.account.retrieve()));
    await vi.waitFor(() => expect(seen.filter((t) => t === OLD)).toHaveLength(5));
    release(NEW);
    expect(await calls).toHaveLength(5);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen.filter((t) => t === NEW)).toHaveLength(5);
  });

  it("refreshed and refused again ends the call with the 401: no second refresh, no loop", async () => {
    const seen = acceptOnly("nothing");
    const refresh = vi.fn(async () => NEW);
    const error = await tokenClient({ refreshAccessToken: refresh })
      .account.retrieve()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe("invalid_token");
    expect(seen).toEqual([OLD, NEW]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("without a callback, a refusal is the caller's AuthenticationError", async () => {
    const seen = acceptOnly(NEW);
    await expect(tokenClient().account.retrieve()).rejects.toBeInstanceOf(AuthenticationError);
    expect(seen).toEqual([OLD]);
  });

  it("is not refreshed for a 401 that is no invalid_token, nor for a 403 insufficient_scope", async () => {
    const refresh = vi.fn(async () => NEW);
    server.use(
      http.get("/v1/account", () => problem(401, "invalid_api_key") as never),
      http.get(
        "/v1/parties",
        () =>
          problem(
            403,
            "insufficient_scope",
            {},
            {
              "www-authenticate": 'Bearer error="insufficient_scope", scope="parties:read"',
            },
          ) as never,
      ),
    );
    const bahi = tokenClient({ refreshAccessToken: refresh });
    await expect(bahi.account.retrieve()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(bahi.parties.list().page).rejects.toBeInstanceOf(PermissionError);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("a failing callback fails the call with its error, and the next call tries again", async () => {
    acceptOnly(NEW);
    const refresh = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("refresh token revoked"))
      .mockResolvedValueOnce(NEW);
    const bahi = tokenClient({ refreshAccessToken: refresh });
    await expect(bahi.account.retrieve()).rejects.toThrow("refresh token revoked");
    await expect(bahi.account.retrieve()).resolves.toEqual(fixtures.Account);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("a callback that gives no token is a TypeError, not a request with an empty token", async () => {
    const seen = acceptOnly(NEW);
    const bahi = tokenClient({ refreshAccessToken: async () => "" });
    await expect(bahi.account.retrieve()).rejects.toThrow(/gave no access token/);
    expect(seen).toEqual([OLD]);
  });

  it("keeps a create's Idempotency-Key and body on the request sent again", async () => {
    const attempts: Array<{ token: string | null; key: string | null; body: unknown }> = [];
    server.use(
      http.post("/v1/parties", async ({ request, response }) => {
        attempts.push({
          token: request.headers.get("authorization"),
          key: request.headers.get("idempotency-key"),
          body: await request.json(),
        });
        return request.headers.get("authorization") === `Bearer ${NEW}`
          ? response(201).json(fixtures.Party)
          : (expired() as never);
      }),
    );
    const bahi = tokenClient({ refreshAccessToken: async () => NEW });
    await expect(bahi.parties.create(fixtures.PartyCreate)).resolves.toEqual(fixtures.Party);
    expect(attempts.map((a) => a.token)).toEqual([`Bearer ${OLD}`, `Bearer ${NEW}`]);
    expect(attempts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempts[1]?.key).toBe(attempts[0]?.key);
    expect(attempts[1]?.body).toEqual(fixtures.PartyCreate);
  });

  it("is refreshed for GraphQL as well", async () => {
    const tokens: Array<string | null> = [];
    server.use(
      untyped.post(`${BASE_URL}/graphql`, ({ request }) => {
        tokens.push(request.headers.get("authorization"));
        return tokens.length === 1 ? expired() : Response.json({ data: { account: { id: "acc_1" } } });
      }),
    );
    const bahi = tokenClient({ refreshAccessToken: async () => NEW });
    await expect(bahi.graphql("{ account { id } }")).resolves.toEqual({ data: { account: { id: "acc_1" } } });
    expect(tokens).toEqual([`Bearer ${OLD}`, `Bearer ${NEW}`]);
  });

  it("the README's refresh through /oauth/token works, and keeps the rotated refresh token", async () => {
    const seen = acceptOnly(NEW);
    const forms: Record<string, string>[] = [];
    server.use(
      untyped.post(`${BASE_URL}/oauth/token`, async ({ request }) => {
        forms.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return Response.json({
          access_token: NEW,
          token_type: "Bearer",
          expires_in: 600,
          refresh_token: "bahi_rt_second",
        });
      }),
    );
    const stored = { accessToken: OLD, refreshToken: "bahi_rt_first" };
    await expect(clientFor(stored, "app_1", BASE_URL).account.retrieve()).resolves.toEqual(fixtures.Account);
    expect(forms).toEqual([
      { grant_type: "refresh_token", refresh_token: "bahi_rt_first", client_id: "app_1" },
    ]);
    expect(stored).toEqual({ accessToken: NEW, refreshToken: "bahi_rt_second" });
    expect(seen).toEqual([OLD, NEW]);
  });
});
