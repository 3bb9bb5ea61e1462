import { fixtures } from "@bahi/contract";
import { ValidationError } from "@bahi/sdk";
import { expect, it } from "vitest";
import { client, describeOperations } from "./support/client.js";

const bahi = client();

describeOperations("GSTR-1", ["retrieveGstr1"], () => {
  it("the portal file and the summary of a month, from its invoices", async () => {
    const party = await bahi.parties.create({ ...fixtures.PartyCreateUnregistered, name: "GSTR-1 buyer" });
    await bahi.products.create({ ...fixtures.ProductCreate, sku: "GSTR1-PEN", opening_stock: 10 });
    // No other test dates documents in June 2025: this invoice is the month's only one.
    // 3 × 99.99 = 299.97 within Karnataka; CGST = SGST = 9% of it = 26.9973 → 27.00.
    const invoice = await bahi.invoices.create({
      party_id: party.id,
      date: "2025-06-10",
      items: [{ sku: "GSTR1-PEN", qty: 3, rate: 99.99 }],
    });

    const file = await bahi.gstr1.retrieve("062025");
    expect(file).toMatchObject({ fp: "062025", hash: "hash" });
    expect(file.b2cs).toEqual([
      {
        sply_ty: "INTRA",
        pos: "29",
        typ: "OE",
        rt: 18,
        txval: 299.97,
        iamt: 0,
        camt: 27,
        samt: 27,
        csamt: 0,
      },
    ]);
    expect(file.doc_issue?.doc_det).toEqual([
      {
        doc_num: 1,
        docs: [{ num: 1, from: invoice.number, to: invoice.number, totnum: 1, cancel: 0, net_issue: 1 }],
      },
    ]);

    const summary = await bahi.gstr1.retrieve("2025-06", { format: "summary" });
    expect(summary.sections.b2cs).toEqual({
      count: 1,
      taxable_value: 299.97,
      igst: 0,
      cgst: 27,
      sgst: 27,
      cess: 0,
    });
    expect(summary.warnings).toEqual([]);
  });

  it("a period in neither accepted form is a ValidationError naming them", async () => {
    const error = await bahi.gstr1.retrieve("June 2025").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 400, code: "invalid_period" });
    expect((error as ValidationError).message).toContain("MMYYYY");
  });
});
