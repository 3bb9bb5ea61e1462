import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { RenderDocumentInput } from "@bahi/invoice-pdf";

/**
 * RENDER_THREADS: the threads that render PDFs. Rendering is synchronous CPU work (about 13 ms for a
 * short invoice, 0.3 s for 1,000 lines on an idle core); on the event loop a long document held up
 * every other request for as long (a health check waited 0.75 s behind a 1,000-line PDF on our
 * 2-vCPU machine). One thread keeps the event loop free; PDFs wait for each other there instead.
 */
export const RENDER_THREADS = 1;

/** RENDER_NICE: the threads' nice value (Linux), so that rendering yields the core to requests. */
export const RENDER_NICE = 10;

/**
 * The worker's module: beside the bundle (dist/server/pdf-worker.js, built by scripts/build.mjs), or
 * from the sources through tsx (tests), whose loader a worker thread must register for itself.
 */
function workerSource(): { url: URL } | { code: string } {
  const bundled = new URL("./pdf-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { url: bundled };
  const sources = new URL("./render-worker.ts", import.meta.url);
  const tsxRoot = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsxApi = pathToFileURL(join(tsxRoot, "dist/esm/api/index.mjs")).href;
  return {
    code: `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(sources.href)}); });`,
  };
}

type Answer = { id: number; bytes: Uint8Array } | { id: number; error: string };

interface Waiting {
  readonly resolve: (pdf: Buffer) => void;
  readonly reject: (error: Error) => void;
}

class RenderThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private exited = false;

  constructor(nice: number) {
    const source = workerSource();
    this.worker =
      "url" in source
        ? new Worker(source.url, { workerData: { nice } })
        : new Worker(source.code, { eval: true, workerData: { nice } });
    // Only the documents it holds keep the process alive.
    this.worker.unref();
    this.worker.on("message", (answer: Answer) => {
      const waiting = this.waiting.get(answer.id);
      if (!waiting) return;
      this.waiting.delete(answer.id);
      if ("error" in answer) waiting.reject(new Error(`rendering the PDF failed: ${answer.error}`));
      else waiting.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.length));
      if (this.waiting.size === 0) this.worker.unref();
    });
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`the PDF thread exited with ${code}`)));
  }

  get pending(): number {
    return this.waiting.size;
  }

  get alive(): boolean {
    return !this.exited;
  }

  render(id: number, input: RenderDocumentInput): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, input });
    });
  }

  terminate(): Promise<number> {
    this.exited = true;
    return this.worker.terminate();
  }

  private fail(error: Error): void {
    this.exited = true;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}

/**
 * Renders documents' PDFs on worker threads of low priority (RENDER_THREADS, RENDER_NICE), started
 * when the first PDF is asked for: a thread holds some 40 MB with its fonts parsed, and a server that
 * prints nothing should not carry it. Each document goes to the thread with the fewest in hand; a
 * thread that died is replaced.
 */
export class PdfRenderer {
  private readonly threads: (RenderThread | null)[];
  private lastId = 0;

  constructor(
    threads = RENDER_THREADS,
    private readonly nice = RENDER_NICE,
  ) {
    this.threads = Array.from({ length: threads }, () => null);
  }

  render(input: RenderDocumentInput): Promise<Buffer> {
    return this.idlest().render(++this.lastId, input);
  }

  /** Stops the threads; documents still in hand are refused. */
  async close(): Promise<void> {
    const running = this.threads.filter((thread) => thread !== null);
    this.threads.fill(null);
    await Promise.all(running.map((thread) => thread.terminate()));
  }

  private idlest(): RenderThread {
    let chosen = 0;
    for (const [i, thread] of this.threads.entries()) {
      if (!thread?.alive) {
        const fresh = new RenderThread(this.nice);
        this.threads[i] = fresh;
        return fresh;
      }
      if (thread.pending < (this.threads[chosen]?.pending ?? 0)) chosen = i;
    }
    return this.threads[chosen] as RenderThread;
  }
}
