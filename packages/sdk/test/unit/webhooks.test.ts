import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Bahi, WebhookVerificationError } from "../../src/index.js";
import { fixtures } from "../support/mock-api.js";

const secret = fixtures.WebhookWithSecret.secret;
const body = JSON.stringify(fixtures.Event);
const now = Math.floor(Date.parse("2026-11-22T07:00:00Z") / 1000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now * 1000);
});
afterEach(() => vi.useRealTimers());

/** A signature computed independently of the SDK, with node:crypto, as the Standard Webhooks spec says. */
function sign(key: string, id: string, timestamp: number, payload: string): string {
  const mac = createHmac("sha256", Buffer.from(key.replace(/^whsec_/, ""), "base64"))
    .update(`${id}.${timestamp}.${payload}`)
    .digest("base64");
  return `v1,${mac}`;
}

function delivery(timestamp = now, signature = sign(secret, fixtures.Event.id, timestamp, body)) {
  return {
    "webhook-id": fixtures.Event.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signature,
  };
}

async function rejection(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe("Bahi.webhooks.verify", () => {
  it("returns the event of a good delivery, from a string or the raw bytes", async () => {
    expect(await Bahi.webhooks.verify(body, delivery(), secret)).toEqual(fixtures.Event);
    expect(await Bahi.webhooks.verify(new TextEncoder().encode(body), delivery(), secret)).toEqual(
      fixtures.Event,
    );
    expect(await Bahi.webhooks.verify(Buffer.from(body), delivery(), secret)).toEqual(fixtures.Event);
  });

  it("reads headers from a fetch Headers or a Node-style object, in any case", async () => {
    expect(await Bahi.webhooks.verify(body, new Headers(delivery()), secret)).toEqual(fixtures.Event);
    const { "webhook-id": id, "webhook-timestamp": ts, "webhook-signature": sig } = delivery();
    const shouted = {
      "Webhook-Id": id,
      "WEBHOOK-TIMESTAMP": [ts],
      "webhook-signature": sig,
      host: undefined,
    };
    expect(await Bahi.webhooks.verify(body, shouted, secret)).toEqual(fixtures.Event);
  });

  it("matches the Standard Webhooks reference vector", async () => {
    vi.setSystemTime(1614265330 * 1000);
    const headers = {
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    };
    const event = await Bahi.webhooks.verify(
      '{"test": 2432232314}',
      headers,
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    );
    expect(event).toEqual({ test: 2432232314 });
  });

  it("refuses a tampered body, a forged signature and another secret", async () => {
    await rejection(Bahi.webhooks.verify(body.replace("Sharma", "Sherma"), delivery(), secret));
    await rejection(Bahi.webhooks.verify(body, delivery(now, `v1,${btoa("x".repeat(32))}`), secret));
    await rejection(Bahi.webhooks.verify(body, delivery(), "whsec_c2VjcmV0IG9mIHNvbWVib2R5IGVsc2U="));
    const changedId = { ...delivery(), "webhook-id": "evt_other" };
    await rejection(Bahi.webhooks.verify(body, changedId, secret));
  });

  it("refuses a delivery more than five minutes old or ahead, and takes another tolerance", async () => {
    expect(await Bahi.webhooks.verify(body, delivery(now - 300), secret)).toEqual(fixtures.Event);
    expect(await Bahi.webhooks.verify(body, delivery(now + 300), secret)).toEqual(fixtures.Event);
    const old = await rejection(Bahi.webhooks.verify(body, delivery(now - 301), secret));
    expect(old.message).toMatch(/301 s old/);
    const ahead = await rejection(Bahi.webhooks.verify(body, delivery(now + 301), secret));
    expect(ahead.message).toMatch(/301 s ahead/);
    expect(await Bahi.webhooks.verify(body, delivery(now - 3600), secret, { tolerance: 3600 })).toEqual(
      fixtures.Event,
    );
  });

  it("accepts a delivery signed by both secrets during a rotation, whichever secret the receiver has", async () => {
    const next = "whsec_bmV3IHNlY3JldCBhZnRlciByb3RhdGlvbiE=";
    const both = `${sign(next, fixtures.Event.id, now, body)} ${sign(secret, fixtures.Event.id, now, body)}`;
    expect(await Bahi.webhooks.verify(body, delivery(now, both), secret)).toEqual(fixtures.Event);
    expect(await Bahi.webhooks.verify(body, delivery(now, both), next)).toEqual(fixtures.Event);
    await rejection(Bahi.webhooks.verify(body, delivery(now, both), "whsec_b3RoZXI="));
    const withUnknownVersion = `v2,abc v1,%%% ${sign(secret, fixtures.Event.id, now, body)}`;
    expect(await Bahi.webhooks.verify(body, delivery(now, withUnknownVersion), secret)).toEqual(
      fixtures.Event,
    );
  });

  it("refuses missing headers, a bad timestamp, a parsed body and a malformed secret", async () => {
    const { "webhook-signature": _, ...unsigned } = delivery();
    await rejection(Bahi.webhooks.verify(body, unsigned, secret));
    await rejection(Bahi.webhooks.verify(body, { ...delivery(), "webhook-timestamp": "soon" }, secret));
    const parsed = await rejection(Bahi.webhooks.verify(fixtures.Event as never, delivery(), secret));
    expect(parsed.message).toMatch(/raw request body/);
    await rejection(Bahi.webhooks.verify(body, delivery(), "whsec_not base64!"));
  });

  it("refuses a signed body that is not JSON and a secret with no key, with its own error", async () => {
    const text = "not json";
    const signed = delivery(now, sign(secret, fixtures.Event.id, now, text));
    const notJson = await rejection(Bahi.webhooks.verify(text, signed, secret));
    expect(notJson.message).toMatch(/not JSON/);
    expect(notJson.cause).toBeInstanceOf(SyntaxError);
    await rejection(Bahi.webhooks.verify(body, delivery(), "whsec_"));
    await rejection(Bahi.webhooks.sign(body, "whsec_", { id: fixtures.Event.id }));
  });

  it("signs as Bahi does, for testing an endpoint, and the instance's webhooks.verify is the same check", async () => {
    const headers = await Bahi.webhooks.sign(body, secret, { id: fixtures.Event.id });
    expect(headers).toEqual(delivery());
    const bahi = new Bahi({ apiKey: "sk_test_x" });
    expect(await bahi.webhooks.verify(body, headers, secret)).toEqual(fixtures.Event);
  });
});
