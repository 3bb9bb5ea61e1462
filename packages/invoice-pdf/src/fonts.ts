import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";

/**
 * The embedded fonts: Noto Sans (Latin, the rupee sign) and Noto Sans Devanagari, regular and bold,
 * under the SIL Open Font License (see fonts/). They are read and parsed once per process and
 * shared by every document; pdfkit embeds only the glyphs each document uses.
 */

export type FontWeight = "regular" | "bold";
export type Script = "latin" | "devanagari";

export const FONT_FILES: Readonly<Record<Script, Readonly<Record<FontWeight, string>>>> = {
  latin: { regular: "NotoSans-Regular.ttf", bold: "NotoSans-Bold.ttf" },
  devanagari: { regular: "NotoSansDevanagari-Regular.ttf", bold: "NotoSansDevanagari-Bold.ttf" },
};

/**
 * The folder of the font files: `fonts/` beside `src/`, found from this module when it runs from
 * its own source, or through the package's name when a bundler has moved this code elsewhere
 * (the API server's build bundles workspace packages into one file).
 */
export function fontDirectory(): string {
  const beside = fileURLToPath(new URL("../fonts/", import.meta.url));
  if (existsSync(join(beside, FONT_FILES.latin.regular))) return beside;
  const manifest = createRequire(import.meta.url).resolve("@bahi/invoice-pdf/package.json");
  return join(dirname(manifest), "fonts");
}

/** The part of a fontkit font that pdfkit uses, with the layout that it calls for every string. */
type LayoutFont = fontkit.Font;

/**
 * Text made only of these characters needs no OpenType shaping in Noto Sans (no ligature, no
 * contextual form, no kerning pair between them): it is laid out glyph by glyph from the cmap.
 * This covers the figures that fill an invoice's table (amounts, quantities, rates, HSN codes), and
 * spares the full shaping engine, which would otherwise dominate the time of a long invoice.
 */
const SIMPLE_TEXT = /^[0-9.,%₹\-/() ]*$/;

interface Run {
  glyphs: fontkit.Glyph[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  advanceWidth: number;
}

/** How many shaped words each font keeps between documents. */
const SHAPED_WORDS_KEPT = 20_000;

function simpleRun(font: fontkit.Font, text: string): Run {
  const glyphs: fontkit.Glyph[] = [];
  const positions: Run["positions"] = [];
  let advanceWidth = 0;
  for (const char of text) {
    const glyph = font.glyphForCodePoint(char.codePointAt(0) ?? 0);
    glyphs.push(glyph);
    // A fresh object each time: pdfkit scales the positions it is given in place.
    positions.push({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 });
    advanceWidth += glyph.advanceWidth;
  }
  return { glyphs, positions, advanceWidth };
}

/**
 * A fontkit font whose `layout`, which pdfkit calls for each word it sets, sets figures glyph by
 * glyph (`SIMPLE_TEXT`, when the font needs no shaping for them) and answers other words from a
 * cache of the words already shaped by any document of this process. pdfkit keeps its own cache
 * per document only, so the labels, state names and words of the amount in words that every
 * invoice prints would otherwise be shaped anew by each one. pdfkit scales the positions it is
 * given in place, so each call gets fresh position objects.
 */
function withLayoutCache(font: fontkit.Font, figuresAreSimple: boolean): LayoutFont {
  const cached: LayoutFont = Object.create(font);
  const shaped = new Map<string, Run>();
  Object.defineProperty(cached, "layout", {
    value: (text: string, features?: unknown): Run => {
      if (features !== undefined) return font.layout(text, features as never);
      if (figuresAreSimple && SIMPLE_TEXT.test(text)) return simpleRun(font, text);
      let run = shaped.get(text);
      if (run === undefined) {
        const { glyphs, positions, advanceWidth } = font.layout(text);
        run = { glyphs, positions, advanceWidth };
        if (shaped.size >= SHAPED_WORDS_KEPT) {
          const oldest = shaped.keys().next();
          if (!oldest.done) shaped.delete(oldest.value);
        }
        shaped.set(text, run);
      }
      return {
        glyphs: run.glyphs.slice(),
        positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
          xAdvance,
          yAdvance,
          xOffset,
          yOffset,
        })),
        advanceWidth: run.advanceWidth,
      };
    },
  });
  return cached;
}

export type FontSet = Readonly<Record<Script, Readonly<Record<FontWeight, LayoutFont>>>>;

let loaded: FontSet | undefined;

function open(directory: string, file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(join(directory, file)));
  if (!("layout" in font)) throw new Error(`${file} is a font collection, not a font.`);
  return font;
}

/** The four fonts, parsed on first use and kept for the life of the process. */
export function loadFonts(): FontSet {
  if (loaded) return loaded;
  const directory = fontDirectory();
  loaded = {
    latin: {
      regular: withLayoutCache(open(directory, FONT_FILES.latin.regular), true),
      bold: withLayoutCache(open(directory, FONT_FILES.latin.bold), true),
    },
    devanagari: {
      regular: withLayoutCache(open(directory, FONT_FILES.devanagari.regular), false),
      bold: withLayoutCache(open(directory, FONT_FILES.devanagari.bold), false),
    },
  };
  return loaded;
}

/** Devanagari letters and signs, Vedic extensions, Devanagari Extended, and the joiners between them. */
const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF]/;
const DEVANAGARI_RUN =
  /[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D]+(?:\s+[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D]+)*/g;

export interface TextRun {
  readonly text: string;
  readonly script: Script;
}

/** Whether the text has any Devanagari in it. */
export function hasDevanagari(text: string): boolean {
  return DEVANAGARI.test(text);
}

/**
 * Splits text into runs of one script each, so that each is set in the font made for it and
 * shaped as a whole (a Devanagari word must reach the shaper in one piece for its conjuncts and
 * vowel signs to form). Spaces between two Devanagari words stay in the Devanagari run.
 */
export function splitRuns(text: string): TextRun[] {
  if (!hasDevanagari(text)) return [{ text, script: "latin" }];
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(DEVANAGARI_RUN)) {
    const start = match.index ?? 0;
    if (start > last) runs.push({ text: text.slice(last, start), script: "latin" });
    runs.push({ text: match[0], script: "devanagari" });
    last = start + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), script: "latin" });
  return runs;
}
