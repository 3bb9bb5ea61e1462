import http from "node:http";
import https from "node:https";

export interface TransportRequest {
  readonly method: "GET" | "POST";
  /** The path under the base URL, with its query. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly timeoutMs: number;
}

/**
 * What became of a request. `failed` says whether the request had been sent whole (`sent`): if not,
 * the IRP cannot have acted on it; if so, nobody knows whether it did (a timeout, a connection closed
 * before the answer).
 */
export type TransportResult =
  | { readonly kind: "answered"; readonly status: number; readonly body: string }
  | { readonly kind: "failed"; readonly sent: boolean; readonly timedOut: boolean; readonly reason: string };

export interface TransportOptions {
  /** Most connections open to the IRP at once (default: no limit; requests queue beyond it). */
  readonly maxSockets?: number;
  /**
   * An idle connection is closed after this long (default 4 s), before a server's usual 5 s keep-alive
   * timeout: a request written to a connection the server is closing would end in an unknown outcome.
   */
  readonly idleTimeoutMs?: number;
}

/** An answer larger than this is refused (a signed invoice of 1,000 lines is well under 1 MB). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** HTTP(S) with keep-alive, a deadline per request, and the one fact that matters after a failure: was it sent? */
export class HttpTransport {
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly request: typeof http.request;

  constructor(baseUrl: string, options: TransportOptions = {}) {
    this.base = new URL(baseUrl);
    const secure = this.base.protocol === "https:";
    if (!secure && this.base.protocol !== "http:")
      throw new Error(`the IRP's URL must be http(s): ${baseUrl}`);
    const agentOptions = {
      keepAlive: true,
      maxSockets: options.maxSockets ?? Number.POSITIVE_INFINITY,
      timeout: options.idleTimeoutMs ?? 4000,
    };
    this.agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
    this.request = secure ? https.request : http.request;
  }

  send(request: TransportRequest): Promise<TransportResult> {
    const prefix = this.base.pathname.replace(/\/$/, "");
    const body = request.body === undefined ? undefined : Buffer.from(request.body, "utf8");
    return new Promise((resolve) => {
      let sent = false;
      let timedOut = false;
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const settle = (result: TransportResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const fail = (error: Error & { code?: string }) =>
        settle({
          kind: "failed",
          sent,
          timedOut,
          reason: timedOut ? `no answer within ${request.timeoutMs} ms` : (error.code ?? error.message),
        });
      let req: http.ClientRequest;
      try {
        req = this.request({
          protocol: this.base.protocol,
          hostname: this.base.hostname,
          port: this.base.port,
          method: request.method,
          path: `${prefix}${request.path}`,
          agent: this.agent,
          headers: {
            accept: "application/json",
            ...(body ? { "content-type": "application/json", "content-length": String(body.length) } : {}),
            ...request.headers,
          },
        });
      } catch (error) {
        // Refused before anything went out: a header value the HTTP library will not write, say.
        fail(error as Error);
        return;
      }
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error("the answer is too large"));
          else chunks.push(chunk);
        });
        res.on("end", () =>
          settle({
            kind: "answered",
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", fail);
      });
      // Emitted once the whole request is handed to the operating system: from then on the IRP may act on it.
      req.on("finish", () => {
        sent = true;
      });
      req.on("error", fail);
      timer = setTimeout(() => {
        timedOut = true;
        req.destroy(new Error("timeout"));
      }, request.timeoutMs);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
