import type { components } from "@bahi/contract";
import { inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { parties } from "../../db/schema.js";
import { type Owner, ownedBy } from "../shared/owner.js";
import { toParty } from "./parties.js";

type Party = components["schemas"]["Party"];

/** The parties `ids` names, in one statement, by id; ids this owner lacks are missing from the map. */
export async function partiesByIds(
  db: Executor,
  owner: Owner,
  ids: readonly string[],
): Promise<Map<string, Party>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(parties)
    .where(ownedBy(parties, owner, inArray(parties.id, [...ids])));
  return new Map(rows.map((row) => [row.id, toParty(row)]));
}
