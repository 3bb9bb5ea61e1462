import { operationList } from "@bahi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/api.js";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("operator endpoints", () => {
  it("/healthz and /readyz answer, with a request id", async () => {
    const health = await api.fetch("/healthz");
    expect(health.status).toBe(200);
    expect(health.headers.get("x-request-id")).toMatch(/^req_[0-9a-z]{26}$/);
    expect((await api.fetch("/readyz")).body).toEqual({ status: "ready" });
  });

  it("/openapi.json serves the bundled contract with every operation", async () => {
    const res = await api.fetch("/openapi.json");
    expect(res.status).toBe(200);
    const operationIds = Object.values(
      res.body.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(operationIds.sort()).toEqual(operationList.map((op) => op.operationId).sort());
  });

  it("/docs serves one HTML page that loads nothing from elsewhere", async () => {
    const res = await api.fetch("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.body).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
  });

  it("request ids differ per request", async () => {
    const a = await api.fetch("/healthz");
    const b = await api.fetch("/healthz");
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });
});
