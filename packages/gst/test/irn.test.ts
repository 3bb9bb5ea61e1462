import { describe, expect, it } from "vitest";
import type { DocumentType } from "../src/index.js";
import { computeIrn, IRN_UPPERCASE_FROM } from "../src/index.js";
import { expectGstError } from "./expect-gst-error.js";

const GSTIN = "29AABCR1718E1ZL";
const VECTOR = "affc02b343473bc790dd121c8e7dca10f4ebd2a6e68b9803b95f6372bf0de6f0";

describe("computeIrn", () => {
  it("matches the vector of gst.md for any date of FY 2025-26", () => {
    for (const date of ["2025-07-15", "2025-04-01", "2026-03-31"]) {
      expect(computeIrn({ supplierGstin: GSTIN, date, docType: "INV", docNumber: "INV/25-26/0001" })).toBe(
        VECTOR,
      );
    }
  });

  it("upper-cases the number for documents from 1 June 2025", () => {
    expect(IRN_UPPERCASE_FROM).toBe("2025-06-01");
    expect(
      computeIrn({
        supplierGstin: GSTIN,
        date: "2025-07-15",
        docType: "INV",
        docNumber: "inv/25-26/0001",
      }),
    ).toBe(VECTOR);
  });

  it("hashes the number as written before 1 June 2025", () => {
    // sha256("29AABCR1718E1ZL2025-26INVinv/25-26/0001") and ("…2024-25INVinv/24-25/7")
    expect(
      computeIrn({
        supplierGstin: GSTIN,
        date: "2025-05-31",
        docType: "INV",
        docNumber: "inv/25-26/0001",
      }),
    ).toBe("b394403206b0c0b5b9a93caa1a27012cd2c778e78adc95b0f6fbd5b718b33691");
    expect(
      computeIrn({
        supplierGstin: GSTIN,
        date: "2025-03-31",
        docType: "INV",
        docNumber: "inv/24-25/7",
      }),
    ).toBe("877e7e8b77dee271b4c5968ac30d21ba5bffd93f69dd631ab9eddab640a9e207");
  });

  it("depends on the financial year and the document type", () => {
    // sha256("29AABCR1718E1ZL2026-27INVINV/25-26/0001") and ("…2025-26CRNCN/1")
    expect(
      computeIrn({
        supplierGstin: GSTIN,
        date: "2026-04-01",
        docType: "INV",
        docNumber: "INV/25-26/0001",
      }),
    ).toBe("a32ffdd60203aa51e0d203c410cd48443e83fc3f7368661e4b925bb01bdeb2d3");
    expect(computeIrn({ supplierGstin: GSTIN, date: "2025-10-01", docType: "CRN", docNumber: "CN/1" })).toBe(
      "e47208e9b124e7fb57c688591501e6ce07ce572a62adf4f6c3488477f3bd2bf1",
    );
  });

  it("refuses bad input with typed errors", () => {
    const valid = {
      supplierGstin: GSTIN,
      date: "2025-07-15",
      docType: "INV" as const,
      docNumber: "INV/1",
    };
    expectGstError(() => computeIrn({ ...valid, supplierGstin: "22AAAAA0000A1Z5" }), "invalid_gstin");
    expectGstError(() => computeIrn({ ...valid, date: "15/07/2025" }), "invalid_date");
    expectGstError(() => computeIrn({ ...valid, docType: "BIL" as DocumentType }), "invalid_document_type");
    for (const docNumber of ["", "0INV/1", "/INV", "-1", "INV 1", "INV_1", "A".repeat(17)]) {
      expectGstError(() => computeIrn({ ...valid, docNumber }), "invalid_document_number");
    }
  });
});
