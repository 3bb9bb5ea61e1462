import type http from "node:http";
import { NIC_ERROR } from "../nic/protocol.js";
import { authenticate } from "./auth.js";
import { cancel } from "./cancel.js";
import { control } from "./control.js";
import { sampleLatency } from "./faults.js";
import { generate } from "./generate.js";
import { readBody, sendJson } from "./http.js";
import { byDocDetails, byIrn } from "./lookup.js";
import { fail, nicError } from "./replies.js";
import { type FaultController, type SimState, sleep } from "./state.js";

/**
 * The simulator's HTTP routing: the control API under /_sim/, and NIC's API at `state.paths`
 * behind the latency and the failures that the faults ask for.
 */
export function createRouter(state: SimState, controller: FaultController) {
  const [byIrnPrefix = "", byIrnSuffix = ""] = state.paths.byIrn.split("{irn}");
  const paths = state.paths;

  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://simulator");
    const rawBody = await readBody(req);
    if (url.pathname.startsWith("/_sim/")) return control(state, controller, req, res, url.pathname, rawBody);
    state.stats.requests++;
    const latency = sampleLatency(state.faults, state.latencyRandom);
    if (latency > 0) await sleep(state, latency);
    if (state.closed) return res.destroy();
    if (
      state.faults.failNext > 0 ||
      (state.faults.errorRate > 0 && state.faultRandom.next() < state.faults.errorRate)
    ) {
      if (state.faults.failNext > 0) state.faults = { ...state.faults, failNext: state.faults.failNext - 1 };
      state.stats.failedWithStatus++;
      res.writeHead(state.faults.errorStatus, { "content-type": "text/plain" });
      return res.end("Service Unavailable (simulated)");
    }
    let body: unknown = null;
    if (req.method === "POST") {
      try {
        body = JSON.parse(rawBody);
      } catch {
        return fail(res, [nicError(NIC_ERROR.invalidSchema, "The request is not JSON.")]);
      }
    }
    const path = url.pathname;
    if (req.method === "POST" && path === paths.auth) return authenticate(state, req, res, body);
    if (req.method === "POST" && path === paths.generate) return generate(state, req, res, body);
    if (req.method === "POST" && path === paths.cancel) return cancel(state, req, res, body);
    if (req.method === "GET" && path === paths.byDocDetails)
      return byDocDetails(state, req, res, url.searchParams);
    if (req.method === "GET" && path.startsWith(byIrnPrefix) && path.endsWith(byIrnSuffix)) {
      const irn = decodeURIComponent(path.slice(byIrnPrefix.length, path.length - byIrnSuffix.length));
      if (irn && !irn.includes("/")) return byIrn(state, req, res, irn);
    }
    sendJson(res, 404, { error: `no endpoint ${req.method} ${path}` });
  };
}
