/**
 * The PDF renderer's thread (see pdf-renderer.ts): renders the documents it is sent, one at a time,
 * and answers each with its bytes or its error. Fonts are parsed once, when the thread starts.
 */
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { preloadFonts, type RenderDocumentInput, renderDocumentPdf } from "@bahi/invoice-pdf";

interface Job {
  readonly id: number;
  readonly input: RenderDocumentInput;
}

const port = parentPort;
if (!port) throw new Error("render-worker.ts runs as a worker thread");
// On Linux a thread's nice value is its own; elsewhere it would be the whole process's.
if (process.platform === "linux") setPriority((workerData as { nice: number }).nice);
preloadFonts();

port.on("message", async ({ id, input }: Job) => {
  try {
    const pdf = await renderDocumentPdf(input);
    // A copy of exactly the PDF's bytes, whose buffer is handed over rather than copied again.
    const bytes = new Uint8Array(pdf);
    port.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
