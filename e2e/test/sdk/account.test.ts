import { fixtures } from "@bahi/contract";
import { ValidationError } from "@bahi/sdk";
import { describe, expect, it } from "vitest";
import { client } from "./support/client.js";

describe("account", () => {
  const bahi = client();

  it("retrieve: the demo account the server created", async () => {
    const account = await bahi.account.retrieve();
    expect(account).toMatchObject({
      object: "account",
      legal_name: "Demo Traders Private Limited",
      gstin: "29AABCU9603R1ZJ",
      state_code: "29",
    });
    expect(account.id).toMatch(/^acc_/);
  });

  it("update: changes the profile, which the next retrieve shows", async () => {
    const updated = await bahi.account.update(fixtures.AccountUpdate);
    expect(updated).toMatchObject(fixtures.AccountUpdate);
    expect(await bahi.account.retrieve()).toEqual(updated);
  });

  it("update: a body that breaks the contract is a ValidationError naming the field", async () => {
    const error = await bahi.account.update({ trade_name: 42 } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 400, code: "validation_failed" });
    expect((error as ValidationError).requestId).toMatch(/^req_/);
    expect((error as ValidationError).errors.map((e) => e.pointer)).toEqual(["/trade_name"]);
  });
});
