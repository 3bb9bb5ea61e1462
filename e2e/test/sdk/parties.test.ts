import { fixtures } from "@bahi/contract";
import { ConflictError, NotFoundError, ValidationError } from "@bahi/sdk";
import { describe, expect, it } from "vitest";
import { client } from "./support/client.js";

describe("parties", () => {
  const bahi = client();

  it("create, retrieve and update a registered customer; its GSTIN is its own", async () => {
    const party = await bahi.parties.create(fixtures.PartyCreate);
    expect(party).toMatchObject({
      object: "party",
      livemode: false,
      gstin: fixtures.PartyCreate.gstin,
      state_code: "27",
    });
    expect(await bahi.parties.retrieve(party.id)).toEqual(party);

    const updated = await bahi.parties.update(party.id, fixtures.PartyUpdate);
    expect(updated).toMatchObject({ id: party.id, phone: fixtures.PartyUpdate.phone, name: party.name });

    const duplicate = await bahi.parties.create(fixtures.PartyCreate).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(ConflictError);
    expect(duplicate).toMatchObject({ status: 409, code: "duplicate_gstin", existingId: party.id });
  });

  it("create an unregistered customer, whose state is its address's", async () => {
    const party = await bahi.parties.create(fixtures.PartyCreateUnregistered);
    expect(party).toMatchObject({ gstin: null, state_code: "29" });
    const noAddress = await bahi.parties
      .create({ type: "customer", name: "Walk-in" })
      .catch((e: unknown) => e);
    expect(noAddress).toBeInstanceOf(ValidationError);
    expect(noAddress).toMatchObject({ status: 422, code: "address_required" });
  });

  it("list: filtered, newest first, over every page", async () => {
    const suppliers = [];
    for (const name of ["Supplier A", "Supplier B", "Supplier C"])
      suppliers.push(
        await bahi.parties.create({ ...fixtures.PartyCreateUnregistered, type: "supplier", name }),
      );
    const seen = [];
    for await (const party of bahi.parties.list({ type: "supplier", limit: 2 })) seen.push(party.id);
    expect(seen).toEqual(suppliers.map((p) => p.id).reverse());
    const byGstin = await bahi.parties.list({ gstin: fixtures.PartyCreate.gstin }).page;
    expect(byGstin.data.map((p) => p.gstin)).toEqual([fixtures.PartyCreate.gstin]);
  });

  it("retrieve: an unknown id is a NotFoundError", async () => {
    const error = await bahi.parties.retrieve("pty_01jd4n0q8r7s6t5v4w3x2y1z0a").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
  });
});
