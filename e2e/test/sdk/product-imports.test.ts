import { ValidationError } from "@bahi/sdk";
import { describe, expect, it } from "vitest";
import { client } from "./support/client.js";

/** SKUs and names of their own: the products tests on the same server search by name and count. */
const CSV = [
  "SKU,Item Name,HSN/SAC,GST %,Price,Unit,Opening Stock,Remarks",
  'IMP-PEN,"Imported pen, blue",9608,18,"₹1,099.50",NOS,25,',
  "IMP-NB,Imported exercise book,,18,45,pcs,120,new supplier",
  "IMP-STAPLER,Imported stapler,8472,18,abc,NOS,10,",
].join("\n");

describe("product imports", () => {
  const bahi = client();

  it("create answers queued at once; retrieve follows it to completed; retrieveErrors lists the problems", async () => {
    const job = await bahi.products.imports.create(CSV, { filename: "catalogue.csv" });
    expect(job).toMatchObject({
      object: "product_import",
      status: "queued",
      filename: "catalogue.csv",
      rows_total: 3,
    });
    expect(job.columns.ignored).toEqual(["Remarks"]);

    await expect
      .poll(async () => (await bahi.products.imports.retrieve(job.id)).status, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe("completed");
    const done = await bahi.products.imports.retrieve(job.id);
    expect(done.counts).toEqual({ created: 1, updated: 0, flagged: 1, rejected: 1 });
    expect(done.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, "created"],
      [3, "flagged"],
      [4, "rejected"],
    ]);
    const pen = await bahi.products.retrieve(done.rows[0]?.product_id as string);
    expect(pen).toMatchObject({ sku: "IMP-PEN", price: 1099.5, stock_on_hand: 25 });

    const errors = await bahi.products.imports.retrieveErrors(job.id);
    expect(errors.split("\n")).toEqual([
      "row,sku,outcome,column,reason",
      "3,IMP-NB,flagged,HSN/SAC,No HSN code; the product was created with hsn_missing.",
      '3,IMP-NB,flagged,Unit,"""pcs"" was read as PCS."',
      '4,IMP-STAPLER,rejected,Price,"""abc"" is not a number."',
      "",
    ]);
  });

  it("a file that is not CSV or a workbook is refused up front", async () => {
    const error = await bahi.products.imports
      .create(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x13]), { filename: "broken.xlsx" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, code: "unreadable_file" });
  });
});
