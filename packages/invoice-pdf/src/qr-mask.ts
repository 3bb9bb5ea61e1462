/**
 * The penalty of a masked QR symbol, for choosing its data mask, scored by the rules (and with the
 * results) of the `qrcode` library's `getPenaltyN1` … `getPenaltyN4`: N1 runs of five or more
 * modules of one colour in a row or column (3 + the run's length beyond 5), N2 2×2 blocks of one
 * colour (3 each), N3 finder-like patterns 1011101 with four light modules on one side (40 each),
 * N4 10 for each 5% the share of dark modules is away from half.
 *
 * The symbol is held bit-packed twice, by rows and by columns, 32 modules to a word, so that each
 * rule compares whole words of neighbouring lines: 32 modules at a time and without a branch per
 * module, which is what makes a module-by-module scorer slow (its branches follow the data).
 */

function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export class MaskScorer {
  /** Words per line. */
  private readonly words: number;
  /** Per word of a line, the bits that are modules of the symbol. */
  private readonly valid: Int32Array;
  /** The same, less the last module of a line (N2 looks at a module and its right neighbour). */
  private readonly validPairs: Int32Array;
  /** Scratch: whether each line equals the next, per module. */
  private readonly equal: Int32Array;

  constructor(readonly size: number) {
    this.words = Math.ceil(size / 32);
    this.valid = new Int32Array(this.words);
    this.validPairs = new Int32Array(this.words);
    for (let bit = 0; bit < size; bit++) {
      this.valid[bit >> 5] = (this.valid[bit >> 5] as number) | (1 << (bit & 31));
      if (bit < size - 1)
        this.validPairs[bit >> 5] = (this.validPairs[bit >> 5] as number) | (1 << (bit & 31));
    }
    this.equal = new Int32Array(size * this.words);
  }

  /** Packs a row-major module array by rows (`byColumns` false) or by columns. */
  pack(modules: Uint8Array, byColumns: boolean): Int32Array {
    const { size, words } = this;
    const packed = new Int32Array(size * words);
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        if (modules[row * size + col] !== 1) continue;
        const line = byColumns ? col : row;
        const position = byColumns ? row : col;
        const word = line * words + (position >> 5);
        packed[word] = (packed[word] as number) | (1 << (position & 31));
      }
    }
    return packed;
  }

  /** Sets one module in both packings. */
  set(rows: Int32Array, cols: Int32Array, row: number, col: number, dark: number): void {
    const { words } = this;
    const rowWord = row * words + (col >> 5);
    const colWord = col * words + (row >> 5);
    if (dark) {
      rows[rowWord] = (rows[rowWord] as number) | (1 << (col & 31));
      cols[colWord] = (cols[colWord] as number) | (1 << (row & 31));
    } else {
      rows[rowWord] = (rows[rowWord] as number) & ~(1 << (col & 31));
      cols[colWord] = (cols[colWord] as number) & ~(1 << (row & 31));
    }
  }

  /**
   * N1 and N3 along the lines' length, for every module position at once: `lines` packed by rows
   * scores the columns, packed by columns the rows.
   */
  private along(lines: Int32Array): number {
    const { size, words, valid, equal } = this;
    for (let i = 0; i < size - 1; i++) {
      for (let k = 0; k < words; k++) {
        equal[i * words + k] =
          ~((lines[i * words + k] as number) ^ (lines[(i + 1) * words + k] as number)) & (valid[k] as number);
      }
    }
    // N1: a run of L ≥ 5 has L − 4 windows of five equal modules and one start: L − 2 points.
    let windows = 0;
    let starts = 0;
    for (let i = 0; i + 4 < size; i++) {
      for (let k = 0; k < words; k++) {
        const w =
          (equal[i * words + k] as number) &
          (equal[(i + 1) * words + k] as number) &
          (equal[(i + 2) * words + k] as number) &
          (equal[(i + 3) * words + k] as number);
        if (w === 0) continue;
        windows += popcount(w);
        starts += popcount(i === 0 ? w : w & ~(equal[(i - 1) * words + k] as number));
      }
    }
    // N3: 10111010000 or 00001011101 over eleven consecutive modules (the first module first).
    let finders = 0;
    for (let i = 0; i + 10 < size; i++) {
      for (let k = 0; k < words; k++) {
        const base = i * words + k;
        const p0 = lines[base] as number;
        const p1 = lines[base + words] as number;
        const p2 = lines[base + 2 * words] as number;
        const p3 = lines[base + 3 * words] as number;
        const p4 = lines[base + 4 * words] as number;
        const p5 = lines[base + 5 * words] as number;
        const p6 = lines[base + 6 * words] as number;
        const p7 = lines[base + 7 * words] as number;
        const p8 = lines[base + 8 * words] as number;
        const p9 = lines[base + 9 * words] as number;
        const p10 = lines[base + 10 * words] as number;
        const core = p4 & ~p5 & p6 & ~p1;
        const a = core & p0 & p2 & p3 & ~p7 & ~p8 & ~p9 & ~p10;
        const b = core & ~p0 & ~p2 & ~p3 & p7 & p8 & ~p9 & p10;
        const found = (a | b) & (valid[k] as number);
        if (found !== 0) finders += popcount(found);
      }
    }
    return windows + 2 * starts + 40 * finders;
  }

  /** N2: 2×2 blocks of one colour, from the rows' packing. */
  private blocks(rows: Int32Array): number {
    const { size, words, validPairs } = this;
    let count = 0;
    for (let r = 0; r < size - 1; r++) {
      for (let k = 0; k < words; k++) {
        const a = rows[r * words + k] as number;
        const b = rows[(r + 1) * words + k] as number;
        const aNext = k + 1 < words ? (rows[r * words + k + 1] as number) : 0;
        const bNext = k + 1 < words ? (rows[(r + 1) * words + k + 1] as number) : 0;
        const vertical = ~(a ^ b);
        const verticalRight = (vertical >>> 1) | (~(aNext ^ bNext) << 31);
        const horizontal = ~(a ^ ((a >>> 1) | (aNext << 31)));
        const found = vertical & verticalRight & horizontal & (validPairs[k] as number);
        if (found !== 0) count += popcount(found);
      }
    }
    return 3 * count;
  }

  /** The total penalty of the symbol packed as `rows` and `cols`. */
  score(rows: Int32Array, cols: Int32Array): number {
    let dark = 0;
    for (let i = 0; i < rows.length; i++) {
      const word = rows[i] as number;
      if (word !== 0) dark += popcount(word);
    }
    const total = this.size * this.size;
    const balance = Math.abs(Math.ceil((dark * 100) / total / 5) - 10) * 10;
    return this.along(rows) + this.along(cols) + this.blocks(rows) + balance;
  }
}
