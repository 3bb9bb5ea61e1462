import QRCode from "qrcode";

/**
 * The QR symbol of an e-invoice's signed QR code. The IRP's `SignedQRCode` is a JWT of about a
 * thousand characters (base64url and dots, so byte mode): at error correction level M (15% of the
 * symbol may be lost) that is a version 25–27 symbol of 117–125 modules a side, which prints at
 * about 0.33 mm a module in the 42 mm square given to it, within what phone cameras and the GST
 * officers' verification apps read. Level M fits up to 2,331 bytes (version 40); a longer text
 * falls back to level L (2,953 bytes), and anything longer than that cannot be one QR symbol.
 */

export interface QrMatrix {
  /** Modules a side, without the quiet zone. */
  readonly size: number;
  readonly version: number;
  readonly errorCorrectionLevel: "L" | "M";
  /** Row-major, 1 for a dark module. */
  readonly modules: Uint8Array;
}

/** The capacity in bytes of a version 40 symbol at level M; above it, level L is used. */
const MAX_BYTES_AT_M = 2331;

export function encodeQr(text: string): QrMatrix {
  const bytes = Buffer.byteLength(text, "utf8");
  const level = bytes <= MAX_BYTES_AT_M ? "M" : "L";
  const qr = QRCode.create(text, { errorCorrectionLevel: level });
  const { size, data } = qr.modules as unknown as { size: number; data: Uint8Array };
  return { size, version: qr.version, errorCorrectionLevel: level, modules: data };
}

/**
 * The dark modules as rectangles, one per horizontal run in a row, in module units: drawing them
 * as one filled path keeps the symbol a crisp vector at any zoom and the content stream small.
 */
export function darkRuns(matrix: QrMatrix): { x: number; y: number; width: number }[] {
  const runs: { x: number; y: number; width: number }[] = [];
  const { size, modules } = matrix;
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (modules[y * size + x] === 1) {
        const start = x;
        while (x < size && modules[y * size + x] === 1) x++;
        runs.push({ x: start, y, width: x - start });
      } else {
        x++;
      }
    }
  }
  return runs;
}
