/** The PDF renderer's thread: the same bytes as rendering in place, errors answered, a dead thread replaced. */
import { fixtures } from "@bahi/contract";
import { type RenderDocumentInput, renderDocumentPdf } from "@bahi/invoice-pdf";
import { afterAll, describe, expect, it } from "vitest";
import { PdfRenderer } from "../src/printing/pdf-renderer.js";

const input: RenderDocumentInput = {
  kind: "invoice",
  document: fixtures.Invoice,
  account: fixtures.Account,
  copy: "original",
};

const renderer = new PdfRenderer();
afterAll(() => renderer.close());

describe("PdfRenderer", () => {
  it("renders on its thread exactly the bytes rendering in place gives", { timeout: 60_000 }, async () => {
    const [threaded, inPlace] = await Promise.all([renderer.render(input), renderDocumentPdf(input)]);
    expect(Buffer.isBuffer(threaded)).toBe(true);
    expect(threaded.equals(inPlace)).toBe(true);
    const copies = await Promise.all(
      (["original", "duplicate", "triplicate"] as const).map((copy) => renderer.render({ ...input, copy })),
    );
    expect(copies[0]?.equals(inPlace)).toBe(true);
    expect(new Set(copies.map((pdf) => pdf.toString("base64"))).size).toBe(3);
  });

  it("answers a document it cannot render with an error, and goes on rendering", {
    timeout: 60_000,
  }, async () => {
    // More decimals than the contract allows: the renderer refuses the figure rather than round it.
    const bad = { ...input, document: { ...fixtures.Invoice, total: 1.005 } } as RenderDocumentInput;
    await expect(renderer.render(bad)).rejects.toThrow(/rendering the PDF failed/);
    expect((await renderer.render(input)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("replaces a thread that was stopped, and refuses what it held", { timeout: 60_000 }, async () => {
    const held = renderer.render(input);
    await renderer.close();
    await expect(held).rejects.toThrow();
    expect((await renderer.render(input)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
