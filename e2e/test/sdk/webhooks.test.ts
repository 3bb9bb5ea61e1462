import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { fixtures } from "@bahi/contract";
import { Bahi, NotFoundError, ValidationError } from "@bahi/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "./support/client.js";

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

describe("webhooks and events", () => {
  const bahi = client();
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ body, headers: req.headers });
      res.end();
    });
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bahi`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a subscribed change arrives signed; the SDK verifies it and the event reads back", async () => {
    const webhook = await bahi.webhooks.create({ url, events: ["party.created"], description: "SDK test" });
    expect(webhook).toMatchObject({ object: "webhook", status: "enabled", description: "SDK test" });
    const party = await bahi.parties.create({ ...fixtures.PartyCreateUnregistered, name: "Webhook Traders" });
    for (let waited = 0; received.length === 0 && waited < 20_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    const [delivery] = received;
    const event = await Bahi.webhooks.verify(delivery?.body ?? "", delivery?.headers ?? {}, webhook.secret);
    expect(event).toMatchObject({ type: "party.created", data: { object: { id: party.id } } });
    expect(await bahi.events.retrieve(event.id)).toEqual(event);
    const listed = await bahi.events.list({ type: "party.created", created_gte: event.created_at }).page;
    expect(listed.data.map((e) => e.id)).toContain(event.id);

    const attempts = await bahi.webhooks.listDeliveries(webhook.id, { status: "succeeded" }).page;
    expect(attempts.data[0]).toMatchObject({ event_id: event.id, attempt: 1, response_status: 200 });

    const resent = await bahi.webhooks.resendDelivery(webhook.id, attempts.data[0]?.id ?? "");
    expect(resent).toMatchObject({ event_id: event.id, attempt: 2, status: "pending" });
    for (let waited = 0; received.length < 2 && waited < 20_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(received[1]?.headers["webhook-id"]).toBe(event.id);
  });

  it("list, update, rotate the secret and delete", async () => {
    const webhook = await bahi.webhooks.create({ url, events: ["*"] });
    const ids = [];
    for await (const w of bahi.webhooks.list({ limit: 1 })) ids.push(w.id);
    expect(ids).toContain(webhook.id);
    expect(await bahi.webhooks.retrieve(webhook.id)).not.toHaveProperty("secret");
    const disabled = await bahi.webhooks.update(webhook.id, { enabled: false });
    expect(disabled).toMatchObject({ status: "disabled", disabled_reason: "manual" });
    const rotated = await bahi.webhooks.rotateSecret(webhook.id, { overlap_seconds: 60 });
    expect(rotated.secret).not.toBe(webhook.secret);
    expect(await bahi.webhooks.del(webhook.id)).toEqual({ id: webhook.id, object: "webhook", deleted: true });
    expect(await bahi.webhooks.retrieve(webhook.id).catch((e: unknown) => e)).toBeInstanceOf(NotFoundError);
  });

  it("a private address is refused", async () => {
    const error = await bahi.webhooks
      .create({ url: "http://169.254.169.254/latest", events: ["*"] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, code: "url_not_allowed" });
  });
});
