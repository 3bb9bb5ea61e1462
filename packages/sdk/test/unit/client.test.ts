import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { validateRequest, validatingClient } from "../../examples/validate-requests.js";
import { handleWebhook, nodeWebhookHandler } from "../../examples/webhook-endpoint.js";
import { Bahi, type Schema, ValidationError } from "../../src/index.js";
import { API_KEY, BASE_URL, fixtures, http, newBahi, server, useMockApi } from "../support/mock-api.js";

useMockApi();

describe("the client", () => {
  it("needs an API key", () => {
    expect(() => new Bahi({ apiKey: undefined })).toThrow(/no apiKey given/);
    expect(() => new Bahi({ apiKey: "" })).toThrow(TypeError);
  });

  it("sends the key as a bearer token and JSON bodies as JSON, to baseUrl", async () => {
    let seen: Request | undefined;
    let sent: unknown;
    server.use(
      http.patch("/v1/account", async ({ request, response }) => {
        seen = request.clone();
        sent = await request.json();
        return response(200).json(fixtures.Account);
      }),
    );
    const account = await newBahi({ baseUrl: `${BASE_URL}/` }).account.update(fixtures.AccountUpdate);
    expect(account).toEqual(fixtures.Account);
    expect(seen?.headers.get("authorization")).toBe(`Bearer ${API_KEY}`);
    expect(seen?.headers.get("content-type")).toBe("application/json");
    expect(sent).toEqual(fixtures.AccountUpdate);
  });

  it("sends through the fetch it is given, looked up per call", async () => {
    const urls: string[] = [];
    const bahi = new Bahi({
      apiKey: API_KEY,
      baseUrl: "http://bahi.internal:8080",
      fetch: async (request) => {
        urls.push(`${request.method} ${request.url}`);
        return Response.json(fixtures.Party, { status: 200 });
      },
    });
    expect(await bahi.parties.retrieve("pty_01jd4n0q8r7s6t5v4w3x2y1z0a")).toEqual(fixtures.Party);
    expect(urls).toEqual(["GET http://bahi.internal:8080/v1/parties/pty_01jd4n0q8r7s6t5v4w3x2y1z0a"]);
  });

  it("narrows GSTR-1 by format: the portal file by default, the summary on request", async () => {
    const formats: Array<string | null> = [];
    server.use(
      http.get("/v1/gstr1/{period}", ({ query, response }) => {
        formats.push(query.get("format"));
        // The spec's GSTR-1 examples sit under a oneOf, so the fixtures come untyped: the spec types them here.
        const summary = fixtures.Gstr1Summary as Schema<"Gstr1Summary">;
        return response(200).json(
          query.get("format") === "summary" ? summary : (fixtures.Gstr1Portal as Schema<"Gstr1Portal">),
        );
      }),
    );
    const bahi = newBahi();
    const portal = await bahi.gstr1.retrieve("112026");
    const summary = await bahi.gstr1.retrieve("2026-11", { format: "summary" });
    expect(portal.fp).toBe(fixtures.Gstr1Portal.fp);
    expect(summary.warnings).toEqual(fixtures.Gstr1Summary.warnings);
    expect(formats).toEqual([null, "summary"]);
  });
});

describe("product imports", () => {
  function captureUpload() {
    const uploads: FormData[] = [];
    server.use(
      http.post("/v1/products/imports", async ({ request, response }) => {
        uploads.push(await request.formData());
        return response(202).json(fixtures.ProductImportQueued);
      }),
    );
    return uploads;
  }

  it("upload CSV text as a form with the file's name", async () => {
    const uploads = captureUpload();
    const job = await newBahi().products.imports.create(fixtures.ProductImportCsv);
    expect(job).toEqual(fixtures.ProductImportQueued);
    const file = uploads[0]?.get("file") as File;
    expect(file.name).toBe("products.csv");
    expect(file.type).toBe("text/csv");
    expect(await file.text()).toBe(fixtures.ProductImportCsv);
    expect(uploads[0]?.has("sheet")).toBe(false);
  });

  it("upload workbook bytes with their type and sheet, and a File with its own name", async () => {
    const uploads = captureUpload();
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
    await newBahi().products.imports.create(bytes, { filename: "Catalogue.XLSX", sheet: "Products" });
    await newBahi().products.imports.create(new File(["SKU,Name\n"], "stock.csv", { type: "text/csv" }));
    const [workbook, csv] = uploads.map((form) => form.get("file") as File);
    expect(workbook?.name).toBe("Catalogue.XLSX");
    expect(workbook?.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(new Uint8Array((await workbook?.arrayBuffer()) ?? [])).toEqual(bytes);
    expect(uploads[0]?.get("sheet")).toBe("Products");
    expect(csv?.name).toBe("stock.csv");
  });

  it("return the errors file as CSV text", async () => {
    server.use(
      http.get("/v1/products/imports/{id}/errors.csv", ({ response }) =>
        response(200).text(fixtures.ProductImportErrors),
      ),
    );
    expect(await newBahi().products.imports.retrieveErrors("imp_1")).toBe(fixtures.ProductImportErrors);
  });
});

describe("client-side validation (the README's validator over @bahi/contract)", () => {
  it("is off by default: a bad body goes to the server", async () => {
    let requests = 0;
    server.use(
      http.post("/v1/api_keys", ({ response }) => {
        requests++;
        return response(201).json(fixtures.ApiKeyWithSecret);
      }),
    );
    await newBahi().apiKeys.create({ scopes: ["invoices:read"], colour: "red" } as never);
    expect(requests).toBe(1);
  });

  it("refuses a body that breaks the contract before sending it, naming each bad field", async () => {
    let requests = 0;
    server.use(
      http.post("/v1/invoices", ({ response }) => {
        requests++;
        return response(201).json(fixtures.Invoice);
      }),
    );
    const bahi = validatingClient(API_KEY, BASE_URL);
    const bad = { party_id: "pty_1", items: [{ sku: "PEN-01", qty: 0, rate: 99.9999 }], colour: "red" };
    const error = await bahi.invoices.create(bad as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 400, code: "validation_failed", requestId: undefined });
    expect((error as ValidationError).errors.map((e) => `${e.pointer} ${e.code}`).sort()).toEqual([
      "/colour unknown_field",
      "/items/0/qty minimum",
      "/items/0/rate decimals",
    ]);
    expect(requests).toBe(0);
  });

  it("lets a valid body through unchanged (no defaults filled into the caller's object)", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post("/v1/products", async ({ request, response }) => {
        sent.push(await request.json());
        return response(201).json(fixtures.Product);
      }),
    );
    const body = { ...fixtures.ProductCreate };
    await validatingClient(API_KEY, BASE_URL).products.create(body);
    expect(body).toEqual(fixtures.ProductCreate);
    expect(sent).toEqual([fixtures.ProductCreate]);
    expect(validateRequest("listInvoices", undefined)).toEqual([]);
  });
});

describe("the README's webhook endpoints", () => {
  const secret = fixtures.WebhookWithSecret.secret;
  const body = JSON.stringify(fixtures.Event);

  it("fetch-style: 204 for a signed delivery, 400 for a forged one", async () => {
    const headers = await Bahi.webhooks.sign(body, secret, { id: fixtures.Event.id });
    const post = (h: Record<string, string>) =>
      new Request("https://shop.test/hooks", { method: "POST", headers: h, body });
    expect((await handleWebhook(post(headers), secret)).status).toBe(204);
    const forged = await handleWebhook(post({ ...headers, "webhook-signature": "v1,AAAA" }), secret);
    expect(forged.status).toBe(400);
  });

  it("Node http: 204 for a signed delivery, 400 for a stale one", async () => {
    const endpoint = createServer((req, res) => void nodeWebhookHandler(req, res, secret));
    await new Promise<void>((done) => endpoint.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`;
    try {
      server.close(); // msw would intercept this real request
      const fresh = await Bahi.webhooks.sign(body, secret, { id: fixtures.Event.id });
      const stale = await Bahi.webhooks.sign(body, secret, {
        id: fixtures.Event.id,
        timestamp: 1_000_000_000,
      });
      expect((await fetch(url, { method: "POST", headers: fresh, body })).status).toBe(204);
      expect((await fetch(url, { method: "POST", headers: stale, body })).status).toBe(400);
    } finally {
      server.listen({ onUnhandledRequest: "error" });
      endpoint.close();
    }
  });
});
