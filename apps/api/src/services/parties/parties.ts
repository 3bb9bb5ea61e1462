import type { components } from "@bahi/contract";
import { checkAddressInState, OTHER_COUNTRIES_STATE_CODE } from "@bahi/gst";
import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { parties } from "../../db/schema.js";
import { newId } from "../../values/ids.js";
import { conflict, notFound, unprocessable } from "../../values/problem.js";
import { recordEvent } from "../events/events.js";
import { sameColumns } from "../shared/columns.js";
import { checkGstin } from "../shared/gstin.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { type ListQuery, type Page, pageOf } from "../shared/pagination.js";
import { underRules } from "../shared/refusals.js";
import { searchPage } from "../shared/sparse-pages.js";

type Party = components["schemas"]["Party"];
type PartyCreate = components["schemas"]["PartyCreate"];
type PartyUpdate = components["schemas"]["PartyUpdate"];
type PartyAddress = components["schemas"]["PartyAddress"];
type PlaceOfSupply = components["schemas"]["PlaceOfSupply"];
type StateCode = components["schemas"]["StateCode"];
type CountryCode = components["schemas"]["CountryCode"];
type PartyRow = typeof parties.$inferSelect;

export function toParty(row: PartyRow): Party {
  return {
    id: row.id,
    object: "party",
    livemode: row.livemode,
    type: row.type,
    name: row.name,
    gstin: row.gstin,
    sez: row.sez,
    state_code: row.stateCode as PlaceOfSupply,
    email: row.email,
    phone: row.phone,
    address: addressOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function addressOf(row: PartyRow): PartyAddress | null {
  if (!row.addressLine1 || !row.city) return null;
  if (row.country) {
    return {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.city,
      postal_code: row.postalCode,
      country: row.country as CountryCode,
    };
  }
  if (!row.addressStateCode || !row.pin) return null;
  return {
    line1: row.addressLine1,
    line2: row.addressLine2,
    city: row.city,
    state_code: row.addressStateCode as StateCode,
    pin: row.pin,
  };
}

/** The state of an address: its own in India, or "Other Countries" abroad. */
const stateOfAddress = (address: PartyAddress): string =>
  "country" in address ? OTHER_COUNTRIES_STATE_CODE : address.state_code;

interface PartyFacts {
  type: Party["type"];
  name: string;
  gstin: string | null;
  sez: boolean;
  email: string | null;
  phone: string | null;
  address: PartyAddress | null;
}

/** The rules a party must satisfy whether new or changed; returns its state (the place of supply). */
function stateOf(facts: PartyFacts): string {
  if (facts.sez && facts.gstin === null) {
    throw unprocessable(
      "sez_unregistered",
      "A unit or developer in an SEZ is registered: it needs its GSTIN.",
      [{ pointer: "/sez", code: "sez_unregistered", message: "needs a gstin" }],
    );
  }
  if (facts.gstin !== null) {
    const gstin = checkGstin(facts.gstin);
    const address = facts.address;
    if (address) underRules(() => checkAddressInState(address, gstin.stateCode, "/address"));
    return gstin.stateCode;
  }
  if (!facts.address) {
    throw unprocessable(
      "address_required",
      "An unregistered party (without GSTIN) needs an address: its state is the place of supply.",
      [{ pointer: "/address", code: "address_required", message: "is required when gstin is null" }],
    );
  }
  return stateOfAddress(facts.address);
}

function columnsOf(facts: PartyFacts) {
  return {
    type: facts.type,
    name: facts.name,
    gstin: facts.gstin,
    sez: facts.sez,
    stateCode: stateOf(facts),
    email: facts.email,
    phone: facts.phone,
    addressLine1: facts.address?.line1 ?? null,
    addressLine2: facts.address?.line2 ?? null,
    city: facts.address?.city ?? null,
    ...(facts.address && "country" in facts.address
      ? {
          addressStateCode: null,
          pin: null,
          country: facts.address.country,
          postalCode: facts.address.postal_code ?? null,
        }
      : {
          addressStateCode: facts.address?.state_code ?? null,
          pin: facts.address?.pin ?? null,
          country: null,
          postalCode: null,
        }),
  };
}

/**
 * One party per GSTIN per account and mode. The check names the existing party; the unique index
 * catches a concurrent insert, after which the aborted transaction cannot look the winner up.
 */
async function saving<T>(
  tx: Executor,
  owner: Owner,
  gstin: string | null,
  selfId: string | null,
  write: () => Promise<T>,
): Promise<T> {
  if (gstin) {
    const [existing] = await tx
      .select({ id: parties.id })
      .from(parties)
      .where(ownedBy(parties, owner, eq(parties.gstin, gstin)))
      .limit(1);
    if (existing && existing.id !== selfId) {
      throw conflict("duplicate_gstin", `Party ${existing.id} already has GSTIN ${gstin}.`, {
        existing_id: existing.id,
      });
    }
  }
  try {
    return await write();
  } catch (error) {
    if (gstin && isUniqueViolation(error, "parties_gstin_key")) {
      throw conflict("duplicate_gstin", `Another party already has GSTIN ${gstin}.`);
    }
    throw error;
  }
}

export async function createParty(tx: Executor, owner: Owner, input: PartyCreate): Promise<Party> {
  const facts: PartyFacts = {
    type: input.type,
    name: input.name,
    gstin: input.gstin ?? null,
    sez: input.sez ?? false,
    email: input.email ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
  };
  const columns = columnsOf(facts);
  const [row] = await saving(tx, owner, facts.gstin, null, () =>
    tx
      .insert(parties)
      .values({ accountId: owner.accountId, livemode: owner.livemode, id: newId("party"), ...columns })
      .returning(),
  );
  if (!row) throw new Error("insert returned no party");
  const party = toParty(row);
  await recordEvent(tx, owner, "party.created", party);
  return party;
}

export async function findParty(tx: Executor, owner: Owner, id: string): Promise<PartyRow> {
  const [row] = await tx
    .select()
    .from(parties)
    .where(ownedRow(parties, owner, id))
    .limit(1);
  if (!row) throw notFound("party", id);
  return row;
}

/** The party's facts with `patch` applied: left-out fields keep their values, `null` clears. */
function merged(current: Party, patch: PartyUpdate): PartyFacts {
  return {
    type: patch.type ?? current.type,
    name: patch.name ?? current.name,
    gstin: patch.gstin !== undefined ? patch.gstin : current.gstin,
    sez: patch.sez ?? current.sez,
    email: patch.email !== undefined ? patch.email : current.email,
    phone: patch.phone !== undefined ? patch.phone : current.phone,
    address: patch.address !== undefined ? patch.address : current.address,
  };
}

/** Changes apply to documents created afterwards: invoices keep their own snapshot of the party. */
export async function updateParty(
  tx: Executor,
  owner: Owner,
  id: string,
  patch: PartyUpdate,
): Promise<Party> {
  const current = toParty(await findParty(tx, owner, id));
  const facts = merged(current, patch);
  const columns = columnsOf(facts);
  if (sameColumns(columnsOf(merged(current, {})), columns)) return current;
  const [row] = await saving(tx, owner, facts.gstin, id, () =>
    tx
      .update(parties)
      .set({ ...columns, updatedAt: new Date() })
      .where(ownedRow(parties, owner, id))
      .returning(),
  );
  if (!row) throw notFound("party", id);
  const party = toParty(row);
  await recordEvent(tx, owner, "party.updated", party);
  return party;
}

export type PartyFilters = ListQuery<"listParties">;

/** `%` and `_` in a search are literal characters, not patterns. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` contains `text`, whatever their case, written as the search indexes (trigrams of
 * lower(…)) answer it.
 */
export function containsText(column: PgColumn, text: string): SQL {
  return sql`lower(${column}) like lower(${containsPattern(text)})`;
}

export async function listParties(db: Executor, owner: Owner, filters: PartyFilters): Promise<Page<Party>> {
  const conditions: (SQL | undefined)[] = [
    filters.type ? eq(parties.type, filters.type) : undefined,
    filters.gstin ? eq(parties.gstin, filters.gstin) : undefined,
  ];
  const select = (where: SQL) =>
    db
      .select()
      .from(parties)
      .where(where)
      .orderBy(desc(parties.id))
      .limit(filters.limit + 1);
  const search = filters.q ? containsText(parties.name, filters.q) : undefined;
  const rows = await searchPage(
    parties,
    owner,
    // A GSTIN names at most one party (its unique index finds it).
    { ...filters, search, conditions, selective: filters.gstin !== undefined },
    select,
  );
  return pageOf(rows.map(toParty), filters.limit);
}
