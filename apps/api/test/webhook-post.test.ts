import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { newAgents, post, WEBHOOK_TIMEOUT_MS } from "../src/services/webhooks/post.js";

let hanging: Server;
let url: string;

beforeAll(async () => {
  // An endpoint that reads the request and never answers.
  hanging = createServer((request) => request.resume());
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook`;
});
afterAll(() => {
  hanging.closeAllConnections();
  hanging.close();
});

describe("one delivery attempt", () => {
  it("gives up on an endpoint that does not answer in time, as a failed attempt", async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    const outcome = await post(url, {}, "{}", new AddressPolicy(["127.0.0.1"]), newAgents(), {
      timeoutMs: 300,
    });
    expect(outcome).toMatchObject({ ok: false, responseStatus: null, error: "timed out after 0.3 s" });
  });
});
