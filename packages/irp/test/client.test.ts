import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:net";
import { inspect } from "node:util";
import { computeIrn } from "@bahi/gst";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { GenerateOutcome, LookupOutcome, NicIrpClient } from "../src/index.js";
import { verifyRs256Jwt } from "../src/index.js";
import type { IrpSimulator } from "../src/simulator/index.js";
import {
  clientFor,
  credentials,
  documentDate,
  invoice,
  recordingLogger,
  SELLER_GSTIN,
  startSimulator,
} from "./support.js";

let sim: IrpSimulator;
const clients: NicIrpClient[] = [];

function client(options: Parameters<typeof clientFor>[1] = {}): NicIrpClient {
  const made = clientFor(sim, options);
  clients.push(made);
  return made;
}

function registered(outcome: GenerateOutcome) {
  if (outcome.kind !== "registered") throw new Error(`expected registered, got ${JSON.stringify(outcome)}`);
  return outcome.registration;
}

function found(outcome: LookupOutcome) {
  if (outcome.kind !== "found") throw new Error(`expected found, got ${JSON.stringify(outcome)}`);
  return outcome.registration;
}

beforeAll(async () => {
  sim = await startSimulator();
});

afterEach(async () => {
  sim.faults.reset();
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await sim.close();
});

describe("Generate IRN", () => {
  it("registers a document: the IRN as NIC computes it, a 15-digit ack, signatures the published keys verify", async () => {
    const document = invoice();
    const before = Date.now();
    const registration = registered(await client().generateIrn(document));
    const [day, month, year] = document.DocDtls.Dt.split("/");
    expect(registration.irn).toBe(
      computeIrn({
        supplierGstin: SELLER_GSTIN,
        date: `${year}-${month}-${day}`,
        docType: "INV",
        docNumber: document.DocDtls.No,
      }),
    );
    expect(registration.ackNo).toMatch(/^\d{15}$/);
    expect(registration.ackDate.getTime()).toBeGreaterThan(before - 2000);
    expect(registration.ackDate.getTime()).toBeLessThanOrEqual(Date.now());
    expect(registration.status).toBe("ACT");

    const signedInvoice = verifyRs256Jwt(registration.signedInvoice, sim.jwks);
    const invoiceData = JSON.parse(String(signedInvoice.claims.data));
    expect(invoiceData).toMatchObject({
      Irn: registration.irn,
      AckNo: Number(registration.ackNo),
      ...document,
    });
    const qr = JSON.parse(String(verifyRs256Jwt(registration.signedQrCode, sim.jwks).claims.data));
    expect(qr).toMatchObject({
      SellerGstin: SELLER_GSTIN,
      BuyerGstin: document.BuyerDtls.Gstin,
      DocNo: document.DocDtls.No,
      DocTyp: "INV",
      DocDt: document.DocDtls.Dt,
      TotInvVal: document.ValDtls.TotInvVal,
      ItemCnt: 2,
      MainHsnCode: "96081019",
      Irn: registration.irn,
    });
    // A JWT tampered with verifies with no key.
    const [header, , signature] = registration.signedQrCode.split(".");
    const forged = Buffer.from(JSON.stringify({ data: JSON.stringify({ ...qr, TotInvVal: 1 }) })).toString(
      "base64url",
    );
    expect(() => verifyRs256Jwt(`${header}.${forged}.${signature}`, sim.jwks)).toThrow(/no key/);
  });

  it("answers a repeat as NIC does, error 2150 with the existing IRN's details: a duplicate", async () => {
    const document = invoice();
    const first = registered(await client().generateIrn(document));
    const again = await client().generateIrn(document);
    expect(again).toEqual({
      kind: "duplicate",
      existing: { irn: first.irn, ackNo: first.ackNo, ackDate: first.ackDate },
      errors: [{ code: "2150", message: "Duplicate IRN" }],
    });
  });

  it("answers a field the IRP refuses as rejected, with its code", async () => {
    const document = invoice();
    document.ItemList[0] = { ...document.ItemList[0], HsnCd: "12345" } as (typeof document.ItemList)[0];
    expect(await client().generateIrn(document)).toEqual({
      kind: "rejected",
      errors: [{ code: "2176", message: "Invalid HSN code(s)-12345" }],
    });
  });

  it("answers a 5xx as unavailable, and nothing is registered", async () => {
    const c = client();
    await c.authenticate();
    const before = sim.stats().registered;
    sim.faults.set({ failNext: 1 });
    const outcome = await c.generateIrn(invoice());
    expect(outcome).toMatchObject({ kind: "unavailable", reason: "HTTP 503" });
    expect(sim.stats().registered).toBe(before);
  });

  it("answers a connection dropped after registering as unknown; the document is found by its details", async () => {
    const c = client();
    const document = invoice();
    sim.faults.set({ dropAfterRegisterNext: 1 });
    const outcome = await c.generateIrn(document);
    expect(outcome.kind).toBe("unknown");
    const registration = found(await c.getByDocDetails(document.DocDtls));
    expect(sim.registration(registration.irn)?.ackNo).toBe(registration.ackNo);
    expect(sim.stats().dropped).toBeGreaterThanOrEqual(1);
  });

  it("answers a timeout after sending as unknown", async () => {
    const c = client({ timeoutMs: 150 });
    await c.authenticate();
    sim.faults.set({ latencyMs: 400 });
    const document = invoice();
    const outcome = await c.generateIrn(document);
    expect(outcome).toEqual({ kind: "unknown", reason: "no answer within 150 ms" });
    sim.faults.reset();
    // The simulator acts on a request it received whole, answer or not: once its 400 ms are over.
    found(await eventually(() => c.getByDocDetails(document.DocDtls)));
  });

  it("waits for a slow answer longer than a connection's idle timeout (which closes only idle connections)", async () => {
    const c = client({ idleTimeoutMs: 100 });
    await c.authenticate();
    sim.faults.set({ latencyMs: 300 });
    registered(await c.generateIrn(invoice()));
    sim.faults.reset();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the idle connection is closed meanwhile
    registered(await c.generateIrn(invoice()));
  });

  it("answers a refused connection as unavailable: nothing was sent", async () => {
    const port = await freePort();
    const c = client({ baseUrl: `http://127.0.0.1:${port}` });
    const outcome = await c.generateIrn(invoice());
    expect(outcome).toMatchObject({ kind: "unavailable", reason: "auth: ECONNREFUSED" });
  });
});

describe("sessions", () => {
  it("authenticates once for many requests at once", async () => {
    const before = sim.stats().auth;
    const c = client();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => c.generateIrn(invoice())));
    expect(outcomes.every((o) => o.kind === "registered")).toBe(true);
    expect(sim.stats().auth - before).toBe(1);
  });

  it("authenticates again when the IRP refuses the token (1005), and repeats the request once", async () => {
    const c = client();
    registered(await c.generateIrn(invoice()));
    const before = sim.stats();
    sim.faults.expireTokensNow();
    registered(await c.generateIrn(invoice()));
    const after = sim.stats();
    expect(after.tokensRefused - before.tokensRefused).toBe(1);
    expect(after.auth - before.auth).toBe(1);
    expect(after.generate - before.generate).toBe(2);
  });

  it("keeps working when tokens expire every N seconds", async () => {
    const c = client();
    sim.faults.set({ expireTokensEverySeconds: 0.5 });
    for (let i = 0; i < 2; i++) {
      registered(await c.generateIrn(invoice()));
      await new Promise((resolve) => setTimeout(resolve, 550));
    }
    registered(await c.generateIrn(invoice()));
  });

  it("authenticates again before TokenExpiry: by the margin, or half way through a shorter token's life", async () => {
    const shortLived = await startSimulator({ tokenTtlSeconds: 2 });
    try {
      const c = clientFor(shortLived); // a margin of 60 s, more than the token's whole life
      registered(await c.generateIrn(invoice()));
      registered(await c.generateIrn(invoice()));
      expect(shortLived.stats()).toMatchObject({ auth: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      registered(await c.generateIrn(invoice()));
      expect(shortLived.stats()).toMatchObject({ auth: 2, tokensRefused: 0 });
      await c.close();
    } finally {
      await shortLived.close();
    }
  });

  it("answers bad credentials as rejected with NIC's code", async () => {
    const wrongPassword = client({ credentials: { ...credentials(sim), password: "wrong" } });
    expect(await wrongPassword.generateIrn(invoice())).toEqual({
      kind: "rejected",
      errors: [{ code: "1008", message: "Invalid login credentials" }],
    });
    const wrongSecret = client({ credentials: { ...credentials(sim), clientSecret: "wrong" } });
    expect(await wrongSecret.getByIrn("0".repeat(64))).toMatchObject({
      kind: "rejected",
      errors: [{ code: "1010" }],
    });
    const wrongKey = client({ irpPublicKey: foreignPublicKey() });
    expect(await wrongKey.generateIrn(invoice())).toMatchObject({
      kind: "rejected",
      errors: [{ code: "1007" }],
    });
  });

  it("refuses credentials that cannot be sent, without showing them", () => {
    expect(() => client({ credentials: { ...credentials(sim), clientSecret: "line\nbreak" } })).toThrow(
      /"clientSecret" is empty or not writable/,
    );
    expect(() => client({ credentials: { ...credentials(sim), userName: "" } })).toThrow(/"userName"/);
  });

  it("answers credentials too long for the IRP's key as rejected, before sending them", async () => {
    const before = sim.stats().auth;
    const c = client({ credentials: { ...credentials(sim), password: "x".repeat(200) } });
    expect(await c.generateIrn(invoice())).toMatchObject({
      kind: "rejected",
      errors: [{ code: "AUTH_PAYLOAD" }],
    });
    expect(sim.stats().auth).toBe(before);
  });

  it("answers a 5xx of the auth request as unavailable", async () => {
    sim.faults.set({ failNext: 1 });
    expect(await client().generateIrn(invoice())).toMatchObject({
      kind: "unavailable",
      reason: "auth: HTTP 503",
    });
  });

  it("never logs or shows the password, the client secret, the token or the Sek", async () => {
    const logger = recordingLogger();
    const c = client({ logger });
    const document = invoice();
    registered(await c.generateIrn(document));
    sim.faults.expireTokensNow();
    await c.generateIrn(document);
    sim.faults.set({ failNext: 1 });
    await c.getByIrn("0".repeat(64));
    const account = sim.accounts[0];
    if (!account) throw new Error("no account");
    const text = `${logger.lines.join("\n")}\n${inspect(c, { depth: 10, showHidden: true })}`;
    expect(logger.lines.length).toBeGreaterThan(3);
    for (const secret of [account.password, account.clientSecret]) expect(text).not.toContain(secret);
    // The simulator's tokens are 32 hex digits (IRNs, 64, are no secret).
    expect(text.replace(/[0-9a-f]{64}/g, "")).not.toMatch(/[0-9a-f]{32}/);
    expect(logger.lines.join("\n")).not.toMatch(/AuthToken|Sek|AppKey|password|secret/i);
  });
});

describe("lookups and cancellation", () => {
  it("gets an e-invoice by IRN and by document details, and answers not_found for others", async () => {
    const c = client();
    const document = invoice();
    const registration = registered(await c.generateIrn(document));
    expect(found(await c.getByIrn(registration.irn))).toEqual(registration);
    expect(found(await c.getByDocDetails(document.DocDtls))).toEqual(registration);
    // The number as written in lower case is the same document (from 1 June 2025).
    expect(
      found(await c.getByDocDetails({ ...document.DocDtls, No: document.DocDtls.No.toLowerCase() })).irn,
    ).toBe(registration.irn);
    expect(await c.getByIrn("a".repeat(64))).toEqual({
      kind: "not_found",
      errors: [{ code: "2148", message: "Requested IRN data is not available" }],
    });
    expect((await c.getByDocDetails({ Typ: "INV", No: "NEVER/1", Dt: documentDate() })).kind).toBe(
      "not_found",
    );
  });

  it("cancels an IRN; the IRN then reads CNL and a second cancellation is refused (9999)", async () => {
    const c = client();
    const registration = registered(await c.generateIrn(invoice()));
    const outcome = await c.cancelIrn(registration.irn, "2", "Data entry mistake");
    expect(outcome).toMatchObject({ kind: "cancelled", irn: registration.irn });
    expect(found(await c.getByIrn(registration.irn)).status).toBe("CNL");
    expect(await c.cancelIrn(registration.irn, "2", "again")).toEqual({
      kind: "rejected",
      errors: [{ code: "9999", message: "Invoice is not active" }],
    });
  });

  it("answers lookups that time out as unavailable (a read is safe to repeat)", async () => {
    const c = client({ timeoutMs: 100 });
    await c.authenticate();
    sim.faults.set({ latencyMs: 300 });
    expect(await c.getByIrn("b".repeat(64))).toEqual({
      kind: "unavailable",
      reason: "no answer within 100 ms",
      errors: [],
    });
  });
});

/** Asks until the lookup finds the registration (for up to 5 s): the IRP acts on its own time. */
async function eventually(lookup: () => Promise<LookupOutcome>): Promise<LookupOutcome> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const outcome = await lookup();
    if (outcome.kind === "found" || Date.now() > deadline) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}

/** A public key the simulator has no private half of. */
function foreignPublicKey(): string {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return publicKey.export({ type: "spki", format: "pem" }).toString();
}
