import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type CancelOutcome,
  type EInvoiceProvider,
  type GenerateOutcome,
  type IrpApi,
  type IrpDetails,
  IrpProvider,
  IrpRequestError,
  type LookupOutcome,
  verifyRs256Jwt,
} from "../src/index.js";
import type { IrpSimulator } from "../src/simulator/index.js";
import { invoice, providerFor, startSimulator } from "./support.js";

let sim: IrpSimulator;
const providers: IrpProvider[] = [];

function provider(options: Parameters<typeof providerFor>[1] = {}): IrpProvider {
  const made = providerFor(sim, options);
  providers.push(made);
  return made;
}

async function rejection(promise: Promise<unknown>): Promise<IrpRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IrpRequestError) return error;
    throw error;
  }
  throw new Error("expected an IrpRequestError");
}

beforeAll(async () => {
  sim = await startSimulator();
});

afterEach(async () => {
  sim.faults.reset();
  await Promise.all(providers.splice(0).map((p) => p.close()));
});

afterAll(async () => {
  await sim.close();
});

describe("IrpProvider over the NIC client and the simulated IRP", () => {
  it("has the server's EInvoiceProvider shape, registers over the network, and publishes the IRP's keys", async () => {
    const seam: EInvoiceProvider = provider();
    expect(seam.registersLocally).toBe(false);
    expect(seam.jwks()).toEqual(sim.jwks);
    const registration = await seam.register(invoice());
    expect(Object.keys(registration).sort()).toEqual([
      "ackDate",
      "ackNo",
      "irn",
      "signedInvoice",
      "signedQrCode",
    ]);
    expect(verifyRs256Jwt(registration.signedInvoice, seam.jwks()).header.kid).toBe(sim.jwks.keys[0]?.kid);
  });

  it("recovers a connection dropped after registering by document details: the same IRN, never a second", async () => {
    const p = provider();
    const document = invoice();
    const before = sim.stats();
    sim.faults.set({ dropAfterRegisterNext: 1 });
    const registration = await p.register(document);
    const after = sim.stats();
    expect(sim.registration(registration.irn)).toMatchObject({ ackNo: registration.ackNo, status: "ACT" });
    expect(after.registered - before.registered).toBe(1);
    expect(after.generate - before.generate).toBe(1);
    expect(after.duplicates - before.duplicates).toBe(0);
    expect(after.lookups - before.lookups).toBe(1);
  });

  it("recovers a timeout before the IRP acted: asks, finds nothing, sends again; one IRN all the same", async () => {
    const p = provider({ timeoutMs: 200, recoveryDelayMs: 150 });
    await p.register(invoice()); // a session first, so that only the document's requests are timed
    const document = invoice();
    const before = sim.stats();
    sim.faults.set({ latencyMs: 600 });
    const registering = p.register(document);
    // The first request times out at 200 ms; the IRP is quick again when the provider asks.
    setTimeout(() => sim.faults.reset(), 250);
    const registration = await registering;
    await new Promise((resolve) => setTimeout(resolve, 500)); // the first request, acted on late
    const after = sim.stats();
    // Sent twice (once, if a busy machine made the lookup late enough to find the first): one IRN.
    const sent = after.generate - before.generate;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(2);
    expect(after.registered - before.registered).toBe(1);
    expect(after.duplicates - before.duplicates).toBe(sent - 1);
    expect(sim.registration(registration.irn)?.ackNo).toBe(registration.ackNo);
  });

  it("stays unknown when the IRP cannot be asked either; the next attempt asks first and finds it", async () => {
    const p = provider({ timeoutMs: 200 });
    await p.register(invoice());
    const document = invoice();
    const before = sim.stats();
    sim.faults.set({ latencyMs: 500 });
    const error = await rejection(p.register(document));
    expect(error).toMatchObject({ kind: "unknown", retryable: true });
    sim.faults.reset();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const registration = await p.register(document);
    await new Promise((resolve) => setTimeout(resolve, 600)); // anything still in flight lands
    const after = sim.stats();
    expect(after.registered - before.registered).toBe(1);
    expect(after.generate - before.generate).toBe(1 + (after.duplicates - before.duplicates));
    expect(sim.registration(registration.irn)?.ackNo).toBe(registration.ackNo);
  });

  it("treats a duplicate as success, with the existing registration in full", async () => {
    const document = invoice();
    const first = await provider().register(document);
    const before = sim.stats();
    const again = await provider().register(document);
    expect(again).toEqual(first);
    expect(sim.stats().duplicates - before.duplicates).toBe(1);
  });

  it("throws a rejection with the IRP's code, not retryable", async () => {
    const document = invoice();
    document.SellerDtls.Gstin = "27AAPFU0939F1ZV";
    const error = await rejection(provider().register(document));
    expect(error).toMatchObject({ kind: "rejected", retryable: false, code: "2143" });
    expect(error.message).toContain("2143: Invoice does not belongs to the user GSTIN");
  });

  it("throws unavailability on a 5xx, retryable, and registers on the next try", async () => {
    const p = provider();
    const document = invoice();
    sim.faults.set({ failNext: 1 });
    const error = await rejection(p.register(document));
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    const registration = await p.register(document);
    expect(sim.registration(registration.irn)).toBeDefined();
  });

  it("asks by document details first when told the last attempt's outcome is unknown (after a restart)", async () => {
    const document = invoice();
    const first = await provider().register(document);
    const before = sim.stats();
    const again = await provider().register(document, { afterUnknownOutcome: true });
    expect(again).toEqual(first);
    expect(sim.stats().generate - before.generate).toBe(0);
    // A document the IRP does not have is asked for, then sent.
    const fresh = invoice();
    const registration = await provider().register(fresh, { afterUnknownOutcome: true });
    expect(sim.registration(registration.irn)).toBeDefined();
  });

  it("exposes the worker's steps: register once, find by document, find by IRN", async () => {
    const p = provider();
    const document = invoice();
    expect((await p.findByDocument(document)).kind).toBe("not_found");
    sim.faults.set({ dropAfterRegisterNext: 1 });
    expect((await p.registerOnce(document)).kind).toBe("unknown");
    const found = await p.findByDocument(document.DocDtls);
    expect(found.kind).toBe("found");
    if (found.kind === "found") expect((await p.findByIrn(found.registration.irn)).kind).toBe("found");
  });

  it("cancels within 24 hours, and a repeat finds the IRN cancelled and succeeds", async () => {
    const p = provider();
    const registration = await p.register(invoice());
    await p.cancel(registration.irn, "1", "Duplicate");
    await p.cancel(registration.irn, "1", "Duplicate");
    expect(sim.registration(registration.irn)?.status).toBe("CNL");
  });
});

describe("the simulated IRP's clock and restarts", () => {
  it("refuses a cancellation after 24 hours (2270)", async () => {
    let now = Date.now();
    const clocked = await startSimulator({ now: () => now });
    const p = providerFor(clocked, { now: () => now });
    try {
      const registration = await p.register(invoice());
      now += 24 * 3_600_000 + 1000;
      const error = await rejection(p.cancel(registration.irn, "3", "Order cancelled"));
      expect(error).toMatchObject({ kind: "rejected", code: "2270" });
    } finally {
      await p.close();
      await clocked.close();
    }
  });

  it("keeps its registrations and keys across a restart when persisting", async () => {
    const dir = await mkdtemp(join(tmpdir(), "bahi-irp-"));
    const persistPath = join(dir, "irp.jsonl");
    try {
      const first = await startSimulator({ persistPath });
      const p = providerFor(first);
      const document = invoice();
      const registration = await p.register(document);
      await p.close();
      await first.close();

      const second = await startSimulator({ persistPath, port: first.port });
      expect(second.publicKeyPem).toBe(first.publicKeyPem);
      expect(second.jwks).toEqual(first.jwks);
      const q = providerFor(second);
      try {
        expect(await q.register(document)).toEqual(registration);
        expect(second.stats()).toMatchObject({ registered: 0, duplicates: 1, registrations: 1 });
      } finally {
        await q.close();
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("IrpProvider's recovery, over a scripted API", () => {
  const details: IrpDetails = {
    irn: "f".repeat(64),
    ackNo: "262000000000001",
    ackDate: new Date("2026-12-01T10:00:00Z"),
    signedInvoice: "a.b.c",
    signedQrCode: "d.e.f",
    status: "ACT",
  };

  /** An IrpApi that answers from scripts and records the calls. */
  function scripted(script: {
    generate?: GenerateOutcome[];
    byDoc?: LookupOutcome[];
    byIrn?: LookupOutcome[];
    cancel?: CancelOutcome[];
  }) {
    const calls: string[] = [];
    const next = <T>(list: T[] | undefined, name: string): T => {
      calls.push(name);
      const value = list?.shift();
      if (!value) throw new Error(`no scripted answer for ${name}`);
      return value;
    };
    const api: IrpApi = {
      generateIrn: async () => next(script.generate, "generate"),
      getByDocDetails: async () => next(script.byDoc, "byDoc"),
      getByIrn: async () => next(script.byIrn, "byIrn"),
      cancelIrn: async () => next(script.cancel, "cancel"),
      close: async () => {},
    };
    return { api, calls, provider: new IrpProvider(api, { jwks: { keys: [] }, recoveryDelayMs: 0 }) };
  }

  it("gives up after maxRecoveryRounds of unknown outcomes, and asks first next time", async () => {
    const unknown: GenerateOutcome = { kind: "unknown", reason: "timeout" };
    const notFound: LookupOutcome = { kind: "not_found", errors: [] };
    const { provider: p, calls } = scripted({
      generate: [unknown, unknown, unknown],
      byDoc: [notFound, notFound, { kind: "found", registration: details }],
    });
    const error = await rejection(p.register(invoice({ number: "R/1" })));
    expect(error.kind).toBe("unknown");
    expect(calls).toEqual(["generate", "byDoc", "generate", "byDoc", "generate"]);
    expect(await p.register(invoice({ number: "R/1" }))).toMatchObject({ irn: details.irn });
    expect(calls.slice(5)).toEqual(["byDoc"]);
  });

  it("keeps the outcome unknown when asking fails, and asks again next time", async () => {
    const { provider: p, calls } = scripted({
      generate: [{ kind: "unknown", reason: "reset" }],
      byDoc: [
        { kind: "unavailable", reason: "HTTP 503", errors: [] },
        { kind: "found", registration: details },
      ],
    });
    expect((await rejection(p.register(invoice({ number: "R/2" })))).kind).toBe("unknown");
    await p.register(invoice({ number: "R/2" }));
    expect(calls).toEqual(["generate", "byDoc", "byDoc"]);
  });

  it("reads a duplicate without details by document details", async () => {
    const { provider: p, calls } = scripted({
      generate: [{ kind: "duplicate", existing: null, errors: [{ code: "2150", message: "Duplicate IRN" }] }],
      byDoc: [{ kind: "found", registration: details }],
    });
    expect((await p.register(invoice())).irn).toBe(details.irn);
    expect(calls).toEqual(["generate", "byDoc"]);
  });

  it("settles a cancellation of unknown outcome by the IRN's status, sending it once more if still active", async () => {
    const cancelled: CancelOutcome = { kind: "cancelled", irn: details.irn, cancelDate: new Date() };
    const unknownCancel: CancelOutcome = { kind: "unknown", reason: "timeout" };
    const { provider: p, calls } = scripted({
      cancel: [unknownCancel, cancelled, unknownCancel],
      byIrn: [
        { kind: "found", registration: details },
        { kind: "found", registration: { ...details, status: "CNL" } },
      ],
    });
    await p.cancel(details.irn, "2", "mistake");
    expect(calls).toEqual(["cancel", "byIrn", "cancel"]);
    await p.cancel(details.irn, "2", "mistake");
    expect(calls.slice(3)).toEqual(["cancel", "byIrn"]);
  });
});
