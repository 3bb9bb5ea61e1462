/**
 * The e-invoice QR symbol decodes to exactly the IRP's `signed_qr_code`: read from the matrix the
 * encoder makes (always), and from the page as Poppler rasterises it (where Poppler is installed).
 */
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { encodeQr, renderDocumentPdf } from "../src/index.js";
import type { Invoice, RenderDocumentInput } from "../src/types.js";
import { documents } from "./documents.js";
import { account, intraStateInvoice, signedQrCode } from "./fixtures.js";
import { decodeQr, popplerAvailable, type Raster, rasterise } from "./poppler.js";

/** The matrix drawn as pixels, `scale` to a module, with the 4-module quiet zone. */
function rasterOfMatrix(text: string, scale = 4): Raster {
  const matrix = encodeQr(text);
  const side = (matrix.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (matrix.modules[y * matrix.size + x] !== 1) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4;
          data[offset] = data[offset + 1] = data[offset + 2] = 0;
        }
      }
    }
  }
  return { width: side, height: side, data };
}

/** A signed QR code far longer than the IRP's usual thousand characters: a long trade name and number. */
const longQr = signedQrCode({
  SellerGstin: account.gstin,
  BuyerGstin: "27AAPFU0939F1ZV",
  DocNo: "INV/2026-27/0001",
  DocTyp: "INV",
  DocDt: "23/11/2026",
  TotInvVal: 99999999999.99,
  ItemCnt: 1000,
  MainHsnCode: "96081019",
  Irn: intraStateInvoice.irn ?? "",
  IrnDt: "2026-11-23 11:42:41",
  Padding: "x".repeat(700),
});

function signedQrCodeOf(document: Invoice): string {
  return document.signed_qr_code ?? "";
}

/** Where the QR symbol sits on the first page: on the right, under the title. */
const QR_AREA = { x: 400, y: 40, width: 195, height: 320 };

describe("the QR symbol's encoding", () => {
  it("is, module for module, the symbol the qrcode library makes when it picks the mask itself", {
    timeout: 30_000,
  }, () => {
    // Deterministic texts of many lengths, so every version from small to 40 and both levels occur.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";
    const texts = [signedQrCodeOf(intraStateInvoice), longQr];
    // Lengths from 1 to 2,953 bytes reach every version from 1 (21 modules, one 32-bit word a
    // line) to 40 (177 modules, six words), at both levels.
    const lengths = [2331, 2332, 2953];
    for (let length = 1; length <= 2953; length += length < 300 ? 5 : 37) lengths.push(length);
    for (const length of lengths) {
      texts.push(Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(""));
    }
    const versions = new Set<number>();
    for (const text of texts) {
      const ours = encodeQr(text);
      const theirs = QRCode.create([{ data: Buffer.from(text), mode: "byte" }], {
        errorCorrectionLevel: ours.errorCorrectionLevel,
      });
      expect(ours.version, `version for ${text.length} bytes`).toBe(theirs.version);
      expect(ours.maskPattern, `mask for ${text.length} bytes`).toBe(theirs.maskPattern);
      const modules = (theirs.modules as unknown as { data: Uint8Array }).data;
      expect(
        Buffer.compare(Buffer.from(ours.modules), Buffer.from(modules)),
        `modules for ${text.length} bytes`,
      ).toBe(0);
      versions.add(ours.version);
    }
    expect(versions.size).toBe(40);
  });

  it("holds a real-length signed QR code at error correction M in a version a phone reads", () => {
    const text = intraStateInvoice.signed_qr_code ?? "";
    expect(text.length).toBeGreaterThan(900);
    const matrix = encodeQr(text);
    expect(matrix.errorCorrectionLevel).toBe("M");
    expect(matrix.version).toBeGreaterThanOrEqual(20);
    expect(matrix.version).toBeLessThanOrEqual(30);
    expect(decodeQr(rasterOfMatrix(text))).toBe(text);
  });

  it("holds a signed QR code twice as long", () => {
    expect(longQr.length).toBeGreaterThan(1900);
    const matrix = encodeQr(longQr);
    expect(matrix.errorCorrectionLevel).toBe("M");
    expect(decodeQr(rasterOfMatrix(longQr))).toBe(longQr);
  });

  it("falls back to level L beyond what level M can hold, and refuses what no symbol can", () => {
    const long = "e".repeat(2500);
    const matrix = encodeQr(long);
    expect(matrix.errorCorrectionLevel).toBe("L");
    expect(matrix.version).toBeGreaterThan(35);
    expect(decodeQr(rasterOfMatrix(long))).toBe(long);
    expect(() => encodeQr("e".repeat(3000))).toThrow();
  });
});

describe.skipIf(!popplerAvailable)("the QR symbol as printed, rasterised by pdftoppm (needs Poppler)", () => {
  const withQr = Object.entries(documents).filter(([, input]) => input.document.signed_qr_code !== null);

  it.each(withQr)("%s: decodes to exactly signed_qr_code", async (_name, input) => {
    const pdf = await renderDocumentPdf(input);
    const raster = rasterise(pdf, 1, 200, QR_AREA);
    expect(decodeQr(raster)).toBe(input.document.signed_qr_code);
  });

  it("decodes at 150 dpi from the whole page, as a scan of a printout would be read", async () => {
    const input = documents["invoice-inter-state"] as RenderDocumentInput;
    const pdf = await renderDocumentPdf(input);
    expect(decodeQr(rasterise(pdf, 1, 150))).toBe(input.document.signed_qr_code);
  });

  it("decodes a signed QR code twice the usual length, printed in a larger square", async () => {
    const document: Invoice = { ...intraStateInvoice, signed_qr_code: longQr };
    const pdf = await renderDocumentPdf({ kind: "invoice", document, account, copy: "original" });
    expect(decodeQr(rasterise(pdf, 1, 200, { x: 360, y: 40, width: 235, height: 320 }))).toBe(longQr);
  });

  it("prints no QR symbol on a document without an IRN", async () => {
    const pdf = await renderDocumentPdf(documents["invoice-unregistered"] as RenderDocumentInput);
    expect(decodeQr(rasterise(pdf, 1, 150))).toBeNull();
  });
});
