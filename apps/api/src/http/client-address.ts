import { getConnInfo } from "@hono/node-server/conninfo";

/** The peer's address as the socket says (never a forwarded header, which a client could write). */
export function clientAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
