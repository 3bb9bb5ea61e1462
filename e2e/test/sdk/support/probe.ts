import { operationList as specOperations } from "./operations.js";

/** What the server answers for an operation it has not built: no route, or another method's route. */
const unbuilt = new Set(["route_not_found", "method_not_allowed"]);

/**
 * The operations the server has built. Each is probed with an id that does not exist and no body, which
 * an implemented operation refuses (400, 404, 415) or merely reads, without changing anything.
 */
export async function implementedOperations(baseUrl: string, apiKey: string): Promise<string[]> {
  const implemented: string[] = [];
  for (const op of specOperations) {
    const path = op.path
      .replace("{period}", "112026")
      .replace(/\{[^}]+\}/g, "probe_00000000000000000000000000");
    const response = await fetch(`${baseUrl}${path}`, {
      method: op.method,
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    if (!unbuilt.has(body.code ?? "")) implemented.push(op.operationId);
  }
  return implemented;
}
