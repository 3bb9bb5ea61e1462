// biome-ignore-all lint/suspicious/noExplicitAny: pages render /v1 answers, which the router built from the contract's types and tests check against the spec.
import type { Hono } from "hono";
import type { AppEnv } from "../http/context.js";
import type { Principal } from "../services/accounts/principal.js";

export interface V1Answer {
  status: number;
  body: any;
  text: string;
  /** The answer's bytes as sent (a PDF's). */
  bytes: Uint8Array;
  headers: Headers;
}

/**
 * Calls a /v1 operation in-process for a signed-in member: through the same router as every
 * integrator (validation, scopes from the member's role, idempotency, events), with the member's
 * principal handed over in the request's bindings, which no client can set.
 */
export async function callV1(
  app: Hono<AppEnv>,
  principal: Principal,
  method: string,
  path: string,
  body?: unknown,
): Promise<V1Answer> {
  let init: RequestInit = { method };
  // Bodies are sent whole with their length, as a client's would be (the router reads the length).
  if (body instanceof FormData) {
    const encoded = new Response(body);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const type = encoded.headers.get("content-type") ?? "multipart/form-data";
    init = {
      method,
      body: bytes,
      headers: { "content-type": type, "content-length": String(bytes.byteLength) },
    };
  } else if (body !== undefined) {
    const json = JSON.stringify(body);
    init = {
      method,
      body: json,
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(json)) },
    };
  }
  const response = await app.request(path, init, { principal } as AppEnv["Bindings"]);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    body: type.includes("json") && text ? JSON.parse(text) : text,
    text,
    bytes,
    headers: response.headers,
  };
}

/** The problem's words for a person, from a /v1 refusal. */
export function problemText(answer: V1Answer): string {
  const detail = answer.body?.detail ?? `The request failed (${answer.status}).`;
  const fields = (answer.body?.errors ?? []) as { pointer: string; message: string }[];
  return fields.length > 0
    ? `${detail} ${fields.map((f) => `${f.pointer}: ${f.message}`).join("; ")}`
    : detail;
}
