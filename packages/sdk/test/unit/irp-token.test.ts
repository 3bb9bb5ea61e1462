import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { IrpTokenError, verifyIrpToken } from "../../src/index.js";
import { http, newBahi, problem, server, useMockApi } from "../support/mock-api.js";

useMockApi();

/** A key pair as the IRP sandbox holds one, and its public half as GET /v1/einvoice/jwks lists it. */
function signingKey(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const { n, e } = publicKey.export({ format: "jwk" }) as { n: string; e: string };
  return {
    kid,
    privateKey,
    jwk: { kty: "RSA" as const, use: "sig" as const, alg: "RS256" as const, kid, n, e },
  };
}

const b64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** A token signed independently of the SDK, with node:crypto, as the IRP signs. */
function token(
  key: ReturnType<typeof signingKey>,
  data: unknown,
  header: object = { alg: "RS256", kid: key.kid },
) {
  const signed = `${b64(header)}.${b64({ data: JSON.stringify(data), iss: "Bahi IRP sandbox" })}`;
  return `${signed}.${sign("sha256", Buffer.from(signed), key.privateKey).toString("base64url")}`;
}

const current = signingKey("key-2026");
const rotated = signingKey("key-2027");
const qr = { DocNo: "INV/26-27/000001", Irn: "a".repeat(64), TotInvVal: 355 };

describe("verifyIrpToken", () => {
  it("returns the signing key, the issuer and the signed data", async () => {
    expect(await verifyIrpToken(token(current, qr), { keys: [current.jwk] })).toEqual({
      kid: "key-2026",
      issuer: "Bahi IRP sandbox",
      data: qr,
    });
  });

  it("refuses a changed payload, another key's signature, another algorithm and malformed tokens", async () => {
    const good = token(current, qr);
    const [header, , signature] = good.split(".");
    const forged = `${header}.${b64({ data: JSON.stringify({ ...qr, TotInvVal: 1 }), iss: "x" })}.${signature}`;
    const impostor = token({ ...rotated, kid: current.kid }, qr);
    const cases: [string, RegExp][] = [
      [forged, /signature does not match/],
      [impostor, /signature does not match/],
      [token(current, qr, { alg: "HS256", kid: current.kid }), /HS256, not RS256/],
      [token(current, qr, { alg: "RS256" }), /names no key/],
      [token(rotated, qr), /No published key has kid key-2027/],
      ["only.two", /three parts/],
      ["a!.b.c", /three parts/],
      [`${good.split(".").slice(0, 2).join(".")}.abcde`, /three parts/],
      [`${b64("not json")}.e30.c2ln`, /header is not a JSON object/],
    ];
    for (const [bad, message] of cases) {
      const error = await verifyIrpToken(bad, { keys: [current.jwk] }).catch((e: unknown) => e);
      expect(error, bad).toBeInstanceOf(IrpTokenError);
      expect((error as Error).message, bad).toMatch(message);
    }
  });
});

describe("invoices.einvoice.verify", () => {
  it("fetches the keys once, and again for a token of a key rotated in since", async () => {
    let fetches = 0;
    let keys = [current.jwk];
    server.use(
      http.get("/v1/einvoice/jwks", ({ response }) => {
        fetches++;
        return response(200).json({ keys });
      }),
    );
    const bahi = newBahi();
    expect((await bahi.invoices.einvoice.verify(token(current, qr))).data).toEqual(qr);
    expect((await bahi.invoices.einvoice.verify(token(current, { other: 1 }))).data).toEqual({ other: 1 });
    expect(fetches).toBe(1);
    keys = [current.jwk, rotated.jwk];
    expect((await bahi.invoices.einvoice.verify(token(rotated, qr))).kid).toBe("key-2027");
    expect(fetches).toBe(2);
  });

  it("does not keep a failed fetch of the keys", async () => {
    let fail = true;
    server.use(
      http.get("/v1/einvoice/jwks", ({ response }) =>
        fail ? problem(500, "internal_error") : response(200).json({ keys: [current.jwk] }),
      ),
    );
    const bahi = newBahi({ maxRetries: 0 });
    await expect(bahi.invoices.einvoice.verify(token(current, qr))).rejects.toThrow();
    fail = false;
    expect((await bahi.invoices.einvoice.verify(token(current, qr))).data).toEqual(qr);
  });
});
