import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { type AddressPolicy, RefusedTarget } from "./address-policy.js";

/** WEBHOOK_TIMEOUT_SECONDS in the spec: from sending the request to the end of the answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** WEBHOOK_RESPONSE_MAX_BYTES in the spec: an answer's body is read this far, then the connection is cut. */
export const WEBHOOK_RESPONSE_MAX_BYTES = 64 * 1024;
/** The `error` of a delivery attempt is cut to the spec's maxLength. */
const MAX_ERROR_LENGTH = 500;

export interface PostOutcome {
  ok: boolean;
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
}

export interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
}

export const newAgents = (): Agents => ({
  http: new HttpAgent({ keepAlive: true }),
  https: new HttpsAgent({ keepAlive: true }),
});

function describe(error: unknown): string {
  if (error instanceof RefusedTarget) return `refused address: ${error.message}`;
  const e = error as NodeJS.ErrnoException;
  const known: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset",
    ENOTFOUND: "host not found",
    EHOSTUNREACH: "host unreachable",
    ETIMEDOUT: "connection timed out",
  };
  return (e.code && known[e.code]) || e.message || String(error);
}

/** Reads at most WEBHOOK_RESPONSE_MAX_BYTES of the answer: what endpoints say is not kept, only when they finish. */
function drain(response: IncomingMessage, cutOff: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    let read = 0;
    response.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read >= WEBHOOK_RESPONSE_MAX_BYTES) {
        response.destroy();
        resolve();
      }
    });
    response.on("end", resolve);
    response.on("error", reject);
    response.on("close", () => reject(cutOff()));
  });
}

/**
 * POSTs one delivery. The address is vetted by the policy and the connection made to that very
 * address; redirects are answers like any other (a failure), never followed.
 */
export async function post(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  policy: AddressPolicy,
  agents: Agents,
  { livemode = true, timeoutMs = WEBHOOK_TIMEOUT_MS }: { livemode?: boolean; timeoutMs?: number } = {},
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(rawUrl);
  let responseStatus: number | null = null;
  const timeout = new Error(`timed out after ${timeoutMs / 1000} s`);
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const target = await policy.target(url.hostname, livemode);
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const https = url.protocol === "https:";
    await new Promise<void>((resolve, reject) => {
      const request = (https ? httpsRequest : httpRequest)(
        url,
        {
          method: "POST",
          agent: https ? agents.https : agents.http,
          lookup,
          headers: {
            ...headers,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "user-agent": "Bahi-Webhooks/1",
          },
        },
        (response) => {
          responseStatus = response.statusCode ?? null;
          drain(response, () => (timedOut ? timeout : new Error("the answer was cut off"))).then(
            resolve,
            reject,
          );
        },
      );
      timer = setTimeout(() => {
        timedOut = true;
        request.destroy(timeout);
      }, timeoutMs - elapsed());
      request.on("error", (error) => reject(timedOut ? timeout : error));
      request.end(body);
    });
    const ok = responseStatus !== null && responseStatus >= 200 && responseStatus < 300;
    return { ok, responseStatus, latencyMs: elapsed(), error: null };
  } catch (error) {
    return {
      ok: false,
      responseStatus,
      latencyMs: elapsed(),
      error: describe(error).slice(0, MAX_ERROR_LENGTH),
    };
  } finally {
    clearTimeout(timer);
  }
}
