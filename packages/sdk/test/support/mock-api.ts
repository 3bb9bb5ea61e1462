import { fixtures } from "@bahi/contract";
import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import { HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { createOpenApiHttp } from "openapi-msw";
import { afterAll, afterEach, beforeAll } from "vitest";
import { Bahi, type BahiOptions, type OperationId, type paths, type Schema } from "../../src/index.js";

/** A host that does not exist: any request msw does not answer fails the test instead of leaving. */
export const BASE_URL = "https://api.bahi.test";
export const API_KEY = "sk_test_4fQ8n2Lr7Tz1Vb5Xc9Md3Kp6Hs0Wg2Ye4Uj8Ra1x9Kd";

/** msw's `http`, typed from the spec: paths, params, bodies and answers are checked against it. */
export const http = createOpenApiHttp<paths>({ baseUrl: BASE_URL });
export const server = setupServer();

export function useMockApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

export function newBahi(options: Partial<BahiOptions> = {}): Bahi {
  return new Bahi({ apiKey: API_KEY, baseUrl: BASE_URL, ...options });
}

/** An error answer as the API gives it: problem+json with a code and the request id. */
export function problem(
  status: number,
  code: string,
  extra: Partial<Schema<"Problem">> = {},
  headers: Record<string, string> = {},
): HttpResponse<Schema<"Problem">> {
  return HttpResponse.json(
    {
      type: `urn:bahi:problem:${code}`,
      title: `Problem ${code}`,
      status,
      code,
      request_id: `req_${status}${code}`,
      ...extra,
    },
    {
      status,
      headers: {
        "content-type": "application/problem+json",
        "x-request-id": `req_${status}${code}`,
        ...headers,
      },
    },
  );
}

type Json = Record<string, any>;

export interface SpecOperation {
  operationId: OperationId;
  method: string;
  path: string;
  /** Matches a concrete URL path of this operation. */
  pattern: RegExp;
  successStatus: number;
  /** The spec's first example of the success answer: a key of the shared fixtures. */
  example: keyof typeof fixtures | undefined;
}

/** Every operation of the bundled spec, with the fixture its success answer is illustrated by. */
export const specOperations: SpecOperation[] = Object.entries(openapi.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json)
    .filter(([method]) => ["get", "post", "patch", "put", "delete"].includes(method))
    .map(([method, op]: [string, Json]) => {
      const [status, answer] = Object.entries(op.responses as Json).find(([s]) => s.startsWith("2")) as [
        string,
        Json,
      ];
      const media = Object.values((answer.content ?? {}) as Json)[0] as Json | undefined;
      const ref = Object.values((media?.examples ?? {}) as Json)[0]?.$ref as string | undefined;
      const pattern = new RegExp(`^${path.replace(/\./g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`);
      return {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        pattern,
        successStatus: Number(status),
        example: ref?.split("/").pop() as keyof typeof fixtures | undefined,
      };
    }),
);

/** The spec operation a request is for; literal paths win over templates (`/products/imports`). */
export function operationOf(request: Request): SpecOperation | undefined {
  const path = new URL(request.url).pathname;
  return specOperations
    .filter((op) => op.method === request.method && op.pattern.test(path))
    .sort((a, b) => a.path.split("{").length - b.path.split("{").length)[0];
}

export { fixtures };
