// A webhook receiver on loopback that records every delivery (its `webhook-id`, the event in its body,
// whether its signature verifies) and answers slowly, so that a kill of the sender lands while
// deliveries are in flight.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

/** Checks a Standard Webhooks signature header (`v1,<base64>` entries) against the secret `whsec_…`. */
function verifies(secret, headers, body) {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key)
    .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
    .digest();
  return String(headers["webhook-signature"] ?? "")
    .split(" ")
    .some((entry) => {
      const given = Buffer.from(entry.replace(/^v1,/, ""), "base64");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/**
 * Starts the receiver. `answerAfterMs`: how long each answer (a 204) waits once the body is in.
 * `secret` is set once the webhook exists (the receiver's URL is needed to create it).
 */
export function startReceiver({ answerAfterMs = 300 } = {}) {
  const deliveries = [];
  let inFlight = 0;
  let cut = 0;
  const state = { secret: null };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let event = null;
      try {
        event = JSON.parse(body);
      } catch {}
      deliveries.push({
        webhookId: request.headers["webhook-id"] ?? null,
        eventId: event?.id ?? null,
        type: event?.type ?? null,
        signed: state.secret !== null && verifies(state.secret, request.headers, body),
        at: Date.now(),
      });
      inFlight += 1;
      // The sender may die before this answer: the delivery is recorded all the same, as a real
      // endpoint would have acted on it.
      setTimeout(() => {
        inFlight -= 1;
        response.writeHead(204).end();
      }, answerAfterMs);
    });
    request.on("aborted", () => (cut += 1));
  });
  server.keepAliveTimeout = 1_000;
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}/hooks`,
        deliveries,
        setSecret: (secret) => (state.secret = secret),
        inFlight: () => inFlight,
        /** Requests whose body never arrived whole (the sender died while sending). */
        cut: () => cut,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Counts what the receiver got against the events that committed (`eventIds`). */
export function deliveryFigures(deliveries, eventIds) {
  const byEvent = new Map();
  const problems = [];
  for (const d of deliveries) {
    if (d.webhookId !== d.eventId)
      problems.push(`a delivery of ${d.eventId} came with webhook-id ${d.webhookId}`);
    if (!d.signed) problems.push(`the delivery of ${d.eventId} is not signed with the webhook's secret`);
    byEvent.set(d.eventId, (byEvent.get(d.eventId) ?? 0) + 1);
  }
  const committed = new Set(eventIds);
  let lost = 0;
  for (const id of committed) {
    if (!byEvent.has(id)) {
      lost += 1;
      if (lost <= 20) problems.push(`event ${id} committed but never delivered`);
    }
  }
  for (const id of byEvent.keys())
    if (!committed.has(id)) problems.push(`delivered ${id}, which is not a committed event`);
  const repeats = [...byEvent.values()].reduce((sum, n) => sum + n - 1, 0);
  return { events: committed.size, deliveries: deliveries.length, repeats, lost, problems };
}
