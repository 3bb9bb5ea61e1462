import type { IrpLogger } from "../outcomes.js";

/**
 * Logs what became of an operation: successes (and a duplicate, which is one) as info, the rest as
 * warnings. Only the outcome's kind, errors and reason and the caller's details are logged.
 */
export function reportOutcome(
  logger: IrpLogger | undefined,
  gstin: string,
  op: string,
  kind: string,
  outcome: object,
  details: object,
): void {
  if (!logger) return;
  const errors = "errors" in outcome ? outcome.errors : undefined;
  const reason = "reason" in outcome ? outcome.reason : undefined;
  const entry = { op, outcome: kind, gstin, ...details, errors, reason };
  if (kind === "registered" || kind === "found" || kind === "cancelled" || kind === "duplicate") {
    logger.info(entry, `IRP ${op}: ${kind}`);
  } else {
    logger.warn(entry, `IRP ${op}: ${kind}`);
  }
}
