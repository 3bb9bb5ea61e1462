/**
 * Reading a PDF back with Poppler's command-line tools: `pdftotext` for the text, `pdftoppm` for a
 * page image, `pdffonts` for the embedded fonts. Tests that need them are skipped, saying so, where
 * Poppler is not installed (Debian: `apt-get install poppler-utils`).
 */
import { execFileSync, spawnSync } from "node:child_process";
import jsqr from "jsqr";
import { PNG } from "pngjs";

function has(tool: string): boolean {
  const result = spawnSync(tool, ["-v"], { stdio: "ignore" });
  return result.error === undefined;
}

export const popplerAvailable = has("pdftotext") && has("pdftoppm") && has("pdffonts");

if (!popplerAvailable) {
  console.warn(
    "SKIPPED: the tests that read the PDF back need Poppler's pdftotext, pdftoppm and pdffonts, which are not installed (apt-get install poppler-utils).",
  );
}

const BIG = 64 * 1024 * 1024;

/** jsqr is a CommonJS module whose types describe an ES default export; both shapes are callable. */
const jsQR = ((jsqr as unknown as { default?: typeof jsqr }).default ??
  jsqr) as unknown as typeof jsqr.default;

/** The text of the PDF, in content-stream order (`raw`) or as laid out on the page (`layout`). */
export function pdfText(pdf: Uint8Array, mode: "raw" | "layout" = "raw"): string {
  return execFileSync("pdftotext", [`-${mode}`, "-enc", "UTF-8", "-", "-"], {
    input: pdf,
    maxBuffer: BIG,
  }).toString("utf8");
}

/** The text of each page (pdftotext separates pages with a form feed). */
export function pdfPages(pdf: Uint8Array, mode: "raw" | "layout" = "raw"): string[] {
  const pages = pdfText(pdf, mode).split("\f");
  if (pages[pages.length - 1]?.trim() === "") pages.pop();
  return pages;
}

/** Runs of white space, line breaks included, made one space: particulars are matched as phrases. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function pdfFonts(pdf: Uint8Array): string {
  return execFileSync("pdffonts", ["-"], { input: pdf }).toString("utf8");
}

export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** One page as an RGBA raster, at `dpi`, optionally cropped to a rectangle given in points. */
export function rasterise(
  pdf: Uint8Array,
  page: number,
  dpi: number,
  crop?: { x: number; y: number; width: number; height: number },
): Raster {
  const args = ["-png", "-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile"];
  if (crop) {
    const px = (pt: number) => String(Math.round((pt * dpi) / 72));
    args.push("-x", px(crop.x), "-y", px(crop.y), "-W", px(crop.width), "-H", px(crop.height));
  }
  const png = PNG.sync.read(execFileSync("pdftoppm", [...args, "-"], { input: pdf, maxBuffer: BIG }));
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
}

/** The text of the QR symbol found in the raster, or null. */
export function decodeQr(raster: Raster): string | null {
  const found = jsQR(raster.data, raster.width, raster.height, { inversionAttempts: "dontInvert" });
  return found ? found.data : null;
}

export interface Word {
  readonly page: number;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
  readonly text: string;
}

/** Every word with its box in points (pdftotext -bbox), pages counted from 1. */
export function pdfWords(pdf: Uint8Array): Word[] {
  const html = execFileSync("pdftotext", ["-bbox", "-enc", "UTF-8", "-", "-"], {
    input: pdf,
    maxBuffer: BIG,
  }).toString("utf8");
  const words: Word[] = [];
  let page = 0;
  for (const line of html.split("\n")) {
    if (line.includes("<page ")) page++;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(
      line,
    );
    if (match) {
      words.push({
        page,
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        xMax: Number(match[3]),
        yMax: Number(match[4]),
        text: match[5] ?? "",
      });
    }
  }
  return words;
}
