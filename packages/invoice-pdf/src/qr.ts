import QRCode from "qrcode";
import { MaskScorer } from "./qr-mask.js";

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
  /** The data mask chosen (0–7), the one of least penalty as ISO/IEC 18004 scores them. */
  readonly maskPattern: number;
  /** Row-major, 1 for a dark module. */
  readonly modules: Uint8Array;
}

/** The capacity in bytes of a version 40 symbol at level M; above it, level L is used. */
const MAX_BYTES_AT_M = 2331;

/** Whether mask `pattern` flips the module at `row`, `col` (ISO/IEC 18004 table 10). */
function masked(pattern: number, row: number, col: number): boolean {
  switch (pattern) {
    case 0:
      return (row + col) % 2 === 0;
    case 1:
      return row % 2 === 0;
    case 2:
      return col % 3 === 0;
    case 3:
      return (row + col) % 3 === 0;
    case 4:
      return (Math.floor(row / 2) + Math.floor(col / 3)) % 2 === 0;
    case 5:
      return ((row * col) % 2) + ((row * col) % 3) === 0;
    case 6:
      return (((row * col) % 2) + ((row * col) % 3)) % 2 === 0;
    default:
      return (((row * col) % 3) + ((row + col) % 2)) % 2 === 0;
  }
}

/** The 15 format bits for an error correction level and mask: BCH(15,5), XOR 0x5412. */
function formatBits(level: "L" | "M", pattern: number): number {
  const data = ((level === "L" ? 1 : 0) << 3) | pattern;
  let remainder = data << 10;
  for (let bit = 14; bit >= 10; bit--) {
    if ((remainder >> bit) & 1) remainder ^= 0x537 << (bit - 10);
  }
  return ((data << 10) | remainder) ^ 0x5412;
}

/** The 31 modules of format information for `pattern` (and the dark module), where the `qrcode` library puts them. */
function formatModules(
  size: number,
  level: "L" | "M",
  pattern: number,
): [row: number, col: number, bit: number][] {
  const bits = formatBits(level, pattern);
  const modules: [number, number, number][] = [];
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1;
    modules.push([i < 6 ? i : i < 8 ? i + 1 : size - 15 + i, 8, bit]);
    modules.push([8, i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1, bit]);
  }
  modules.push([size - 8, 8, 1]);
  return modules;
}

interface SizeTables {
  readonly scorer: MaskScorer;
  /** Per mask, the modules it flips (data modules only, never the reserved function patterns and information). */
  readonly flips: Uint8Array[];
  readonly flipRows: Int32Array[];
  readonly flipCols: Int32Array[];
}

/** What depends on the symbol's size alone (its version), kept for the next symbol of that size. */
const tables = new Map<number, SizeTables>();

function tablesFor(size: number, reserved: Uint8Array): SizeTables {
  const cached = tables.get(size);
  if (cached) return cached;
  const scorer = new MaskScorer(size);
  const flips = Array.from({ length: 8 }, (_, pattern) => {
    const flip = new Uint8Array(size * size);
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const index = row * size + col;
        if (!reserved[index] && masked(pattern, row, col)) flip[index] = 1;
      }
    }
    return flip;
  });
  const made = {
    scorer,
    flips,
    flipRows: flips.map((flip) => scorer.pack(flip, false)),
    flipCols: flips.map((flip) => scorer.pack(flip, true)),
  };
  tables.set(size, made);
  return made;
}

/**
 * Encodes `text` in byte mode. The `qrcode` library builds the symbol (data and error correction
 * codewords, function patterns, version information); the choice among the eight data masks,
 * which the library makes by scoring each module by module (most of its time), is made here by the
 * same rules on bit-packed lines (see qr-mask.ts), so the symbol is the very one the library would
 * give (the tests check it module for module) in a fraction of the time.
 */
export function encodeQr(text: string): QrMatrix {
  const data = Buffer.from(text, "utf8");
  const level = data.length <= MAX_BYTES_AT_M ? "M" : "L";
  // One byte-mode segment, given as such: the library's search for the best mix of modes costs
  // more than the rest of the encoding, and a JWT has nothing for the other modes to gain.
  const qr = QRCode.create([{ data, mode: "byte" }], { errorCorrectionLevel: level, maskPattern: 0 });
  const {
    size,
    data: withMask0,
    reservedBit,
  } = qr.modules as unknown as {
    size: number;
    data: Uint8Array;
    reservedBit: Uint8Array;
  };
  const { scorer, flips, flipRows, flipCols } = tablesFor(size, reservedBit);
  const count = size * size;
  const unmasked = new Uint8Array(count);
  const flip0 = flips[0] as Uint8Array;
  for (let i = 0; i < count; i++) unmasked[i] = (withMask0[i] as number) ^ (flip0[i] as number);
  const rows = scorer.pack(unmasked, false);
  const cols = scorer.pack(unmasked, true);
  const candidateRows = new Int32Array(rows.length);
  const candidateCols = new Int32Array(cols.length);
  let bestPattern = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let pattern = 0; pattern < 8; pattern++) {
    const maskRows = flipRows[pattern] as Int32Array;
    const maskCols = flipCols[pattern] as Int32Array;
    for (let i = 0; i < rows.length; i++) candidateRows[i] = (rows[i] as number) ^ (maskRows[i] as number);
    for (let i = 0; i < cols.length; i++) candidateCols[i] = (cols[i] as number) ^ (maskCols[i] as number);
    for (const [row, col, bit] of formatModules(size, level, pattern)) {
      scorer.set(candidateRows, candidateCols, row, col, bit);
    }
    const points = scorer.score(candidateRows, candidateCols);
    if (points < lowest) {
      lowest = points;
      bestPattern = pattern;
    }
  }
  const modules = new Uint8Array(count);
  const flip = flips[bestPattern] as Uint8Array;
  for (let i = 0; i < count; i++) modules[i] = (unmasked[i] as number) ^ (flip[i] as number);
  for (const [row, col, bit] of formatModules(size, level, bestPattern)) modules[row * size + col] = bit;
  return { size, version: qr.version, errorCorrectionLevel: level, maskPattern: bestPattern, modules };
}

/** A rectangle of dark modules, in module units from the symbol's top left corner. */
export interface ModuleRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The dark modules as rectangles: each row's horizontal runs, a run continuing the same run of the
 * row above into one taller rectangle. Drawn as one filled path they keep the symbol a crisp
 * vector at any zoom, in a few kilobytes of page content.
 */
export function darkRects(matrix: QrMatrix): ModuleRect[] {
  const rects: { x: number; y: number; width: number; height: number }[] = [];
  const { size, modules } = matrix;
  /** The rectangles that reach the row above, by their run's start and width. */
  let open = new Map<number, { x: number; y: number; width: number; height: number }>();
  for (let y = 0; y < size; y++) {
    const next = new Map<number, { x: number; y: number; width: number; height: number }>();
    let x = 0;
    while (x < size) {
      if (modules[y * size + x] !== 1) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules[y * size + x] === 1) x++;
      const key = start * 1024 + (x - start);
      const above = open.get(key);
      if (above) {
        above.height++;
        next.set(key, above);
      } else {
        const rect = { x: start, y, width: x - start, height: 1 };
        rects.push(rect);
        next.set(key, rect);
      }
    }
    open = next;
  }
  return rects;
}
