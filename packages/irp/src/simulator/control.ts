import type http from "node:http";
import type { FaultsPatch } from "./faults.js";
import { sendJson } from "./http.js";
import type { FaultController, SimState } from "./state.js";

/** The control API under /_sim/: faults, stats, keys and registrations, for tests and benchmarks. */
export function control(
  state: SimState,
  controller: FaultController,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  rawBody: string,
) {
  if (path === "/_sim/faults" && req.method === "GET") return sendJson(res, 200, state.faults);
  if (path === "/_sim/faults" && req.method === "POST") {
    try {
      return sendJson(res, 200, controller.set(JSON.parse(rawBody || "{}") as FaultsPatch));
    } catch (problem) {
      return sendJson(res, 400, { error: (problem as Error).message });
    }
  }
  if (path === "/_sim/jwks") return sendJson(res, 200, state.jwks);
  if (path === "/_sim/public-key") {
    res.writeHead(200, { "content-type": "application/x-pem-file" });
    return res.end(state.publicKeyPem);
  }
  if (path === "/_sim/stats") return sendJson(res, 200, { ...state.stats, registrations: state.store.size });
  if (path.startsWith("/_sim/registrations/")) {
    const registration = state.store.get(decodeURIComponent(path.slice("/_sim/registrations/".length)));
    return registration ? sendJson(res, 200, registration) : sendJson(res, 404, { error: "no such IRN" });
  }
  sendJson(res, 404, { error: `no control endpoint ${req.method} ${path}` });
}
