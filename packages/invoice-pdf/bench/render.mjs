// CPU time of rendering a PDF: a three-line e-invoice (with its QR symbol) and a 1,000-line one.
// Targets (issue #50): under 20 ms of CPU for three lines, under 1 s for 1,000.
//
//   pnpm --filter @bahi/invoice-pdf bench            (or: node --import tsx bench/render.mjs)
//   node --import tsx bench/render.mjs --json        (one JSON object on stdout)
//
// CPU time is process.cpuUsage() (user + system, every thread of the process) over many renders
// after a warm-up, divided by their number. Each render is of a different document (number, IRN
// and QR code, customer, descriptions, quantities), as a server's are: the renderer keeps shaped
// words between documents, and the same document over and over would measure that cache alone.
// The first render of a process, which parses the fonts and compiles the code, is reported apart.
import { encodeQr, renderDocumentPdf } from "../src/index.ts";
import { largeDocument } from "../test/documents.ts";
import { account, threeLineInvoices } from "../test/fixtures.ts";

const json = process.argv.includes("--json");
const SMALL_WARMUP = 50;
const SMALL_ROUNDS = 300;
const LARGE_WARMUP = 2;
const LARGE_ROUNDS = 8;

const smallInputs = threeLineInvoices(SMALL_WARMUP + SMALL_ROUNDS + 1).map((document) => ({
  kind: "invoice",
  document,
  account,
  copy: "original",
}));
const largeInputs = Array.from({ length: LARGE_WARMUP + LARGE_ROUNDS }, (_, i) => largeDocument(1000, i + 1));

function cpuMs(since) {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}

async function measure(inputs, warmup) {
  for (const input of inputs.slice(0, warmup)) await renderDocumentPdf(input);
  const measured = inputs.slice(warmup);
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  let bytes = 0;
  for (const input of measured) bytes = (await renderDocumentPdf(input)).length;
  const cpu = cpuMs(cpuStart);
  const wall = performance.now() - wallStart;
  return {
    renders: measured.length,
    cpuMsPerRender: Number((cpu / measured.length).toFixed(2)),
    wallMsPerRender: Number((wall / measured.length).toFixed(2)),
    bytes,
  };
}

const coldStart = process.cpuUsage();
await renderDocumentPdf(smallInputs.pop());
const coldMs = cpuMs(coldStart);

const threeLines = await measure(smallInputs, SMALL_WARMUP);
const thousandLines = await measure(largeInputs, LARGE_WARMUP);

const qrTexts = smallInputs.map((input) => input.document.signed_qr_code);
for (const text of qrTexts.slice(0, SMALL_WARMUP)) encodeQr(text);
const qrStart = process.cpuUsage();
for (const text of qrTexts.slice(SMALL_WARMUP)) encodeQr(text);
const qrMs = cpuMs(qrStart) / (qrTexts.length - SMALL_WARMUP);

const result = {
  node: process.version,
  coldFirstRenderCpuMs: Number(coldMs.toFixed(1)),
  threeLines: { ...threeLines, targetCpuMs: 20 },
  thousandLines: { ...thousandLines, targetCpuMs: 1000 },
  qrEncodeCpuMs: Number(qrMs.toFixed(2)),
};

if (json) {
  console.log(JSON.stringify(result));
} else {
  console.log(`node ${result.node}`);
  console.log(`cold first render (fonts parsed, code compiled): ${result.coldFirstRenderCpuMs} ms CPU`);
  console.log(
    `3-line e-invoice:     ${threeLines.cpuMsPerRender} ms CPU per render (${threeLines.wallMsPerRender} ms wall; ${threeLines.renders} renders; ${threeLines.bytes} bytes); target < 20 ms`,
  );
  console.log(`  of which the QR symbol's encoding: ${result.qrEncodeCpuMs} ms`);
  console.log(
    `1,000-line e-invoice: ${thousandLines.cpuMsPerRender} ms CPU per render (${thousandLines.wallMsPerRender} ms wall; ${thousandLines.renders} renders; ${thousandLines.bytes} bytes); target < 1000 ms`,
  );
}
if (threeLines.cpuMsPerRender >= 20 || thousandLines.cpuMsPerRender >= 1000) process.exitCode = 1;
