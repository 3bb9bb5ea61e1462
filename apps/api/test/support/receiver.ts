import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The event's id, from `webhook-id`. */
  id: string;
}

/** Answers one delivery; the default answers 200 at once. */
export type Responder = (delivery: Delivery, res: ServerResponse) => void;

export interface Receiver {
  /** `http://127.0.0.1:port`; append a path per webhook. */
  readonly url: string;
  readonly deliveries: Delivery[];
  respond: Responder;
  close(): Promise<void>;
}

/** A real HTTP endpoint on loopback, as an integrator's would be. */
export async function startReceiver(): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const receiver: Receiver = {
    url: "",
    deliveries,
    respond: (_d, res) => res.end("ok"),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const delivery = {
        path: req.url ?? "/",
        headers: req.headers,
        body,
        id: String(req.headers["webhook-id"]),
      };
      deliveries.push(delivery);
      receiver.respond(delivery, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  Object.assign(receiver, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  return receiver;
}
