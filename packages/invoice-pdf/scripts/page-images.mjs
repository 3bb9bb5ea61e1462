// Regenerates the page images of docs/pdf/ (at the repository's root): the first page of every
// kind of document the tests render, and the first, second and last pages of a 1,000-line invoice,
// as Poppler's pdftoppm draws them at 60 dpi.
//
//   pnpm --filter @bahi/invoice-pdf images      (or: node --import tsx scripts/page-images.mjs)
//
// Needs Poppler (apt-get install poppler-utils). With --pdf, the PDFs are written beside them too.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderDocumentPdf } from "../src/index.ts";
import { documents, largeDocument } from "../test/documents.ts";

const out = fileURLToPath(new URL("../../../docs/pdf/", import.meta.url));
const keepPdf = process.argv.includes("--pdf");
const DPI = "60";

mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) {
  if (file.endsWith(".png") || file.endsWith(".pdf")) rmSync(join(out, file));
}

function pageCount(pdf) {
  const info = execFileSync("pdfinfo", ["-"], { input: pdf }).toString();
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? "1");
}

function png(pdf, page, name) {
  const image = execFileSync(
    "pdftoppm",
    ["-png", "-r", DPI, "-f", String(page), "-l", String(page), "-singlefile", "-"],
    {
      input: pdf,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  writeFileSync(join(out, `${name}.png`), image);
  console.log(`docs/pdf/${name}.png`);
}

for (const [name, input] of Object.entries(documents)) {
  const pdf = await renderDocumentPdf(input);
  if (keepPdf) writeFileSync(join(out, `${name}.pdf`), pdf);
  png(pdf, 1, name);
}

const large = await renderDocumentPdf(largeDocument(1000));
if (keepPdf) writeFileSync(join(out, "invoice-1000-lines.pdf"), large);
const pages = pageCount(large);
png(large, 1, "invoice-1000-lines-page-1");
png(large, 2, "invoice-1000-lines-page-2");
png(large, pages, `invoice-1000-lines-page-${pages}-last`);
