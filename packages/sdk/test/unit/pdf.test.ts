import { HttpResponse, http as untyped } from "msw";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../src/index.js";
import { BASE_URL, newBahi, problem, server, useMockApi } from "../support/mock-api.js";

useMockApi();

/** Bytes that are not UTF-8 (a PDF's binary comment line): decoding them as text would change them. */
const PDF = new Uint8Array([...Buffer.from("%PDF-1.7\n%"), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a, 0x00, 0xff]);

describe("documents as PDF", () => {
  it.each([
    ["invoices", "/v1/invoices/inv_01/pdf"],
    ["creditNotes", "/v1/credit_notes/crn_01/pdf"],
    ["debitNotes", "/v1/debit_notes/dbn_01/pdf"],
  ] as const)(
    "%s.pdf answers the PDF's bytes as they came, and sends the copy asked for",
    async (resource, path) => {
      const seen: { copy: string | null; accept: string | null }[] = [];
      server.use(
        untyped.get(`${BASE_URL}${path}`, ({ request }) => {
          seen.push({
            copy: new URL(request.url).searchParams.get("copy"),
            accept: request.headers.get("accept"),
          });
          return new HttpResponse(PDF, { status: 200, headers: { "content-type": "application/pdf" } });
        }),
      );
      const bahi = newBahi();
      const id = path.split("/")[3] as string;
      const original = await bahi[resource].pdf(id);
      expect(original).toBeInstanceOf(Uint8Array);
      expect([...original]).toEqual([...PDF]);
      await bahi[resource].pdf(id, { copy: "triplicate" });
      expect(seen.map((s) => s.copy)).toEqual([null, "triplicate"]);
    },
  );

  it("throws the typed error of a problem answer, not bytes", async () => {
    server.use(untyped.get(`${BASE_URL}/v1/invoices/inv_gone/pdf`, () => problem(404, "not_found")));
    const error = await newBahi()
      .invoices.pdf("inv_gone")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).code).toBe("not_found");
  });
});
