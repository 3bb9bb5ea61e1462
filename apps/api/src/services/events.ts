import type { components } from "@bahi/contract";
import type { Executor } from "../db/client.js";
import { events } from "../db/schema.js";
import { newId } from "../ids.js";
import type { Owner } from "./owner.js";

export type EventType = components["schemas"]["EventType"];
type EventObject = components["schemas"]["Event"]["data"]["object"];

/**
 * Writes an event in the caller's transaction (the outbox): it exists exactly when the change it
 * announces was committed.
 */
export async function recordEvent(
  tx: Executor,
  owner: Owner,
  type: EventType,
  object: EventObject,
): Promise<void> {
  await tx.insert(events).values({
    accountId: owner.accountId,
    livemode: owner.livemode,
    id: newId("event"),
    type,
    data: { object },
  });
}
