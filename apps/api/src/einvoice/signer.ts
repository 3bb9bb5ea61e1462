import type { KeyObject } from "node:crypto";
import { Worker } from "node:worker_threads";

/** SIGNER_THREADS: the worker threads that sign, so that an invoice's two signatures run side by side. */
export const SIGNER_THREADS = 2;

/**
 * SIGNER_NICE: the signing threads' nice value (Linux; 0 is the default, 19 the lowest priority).
 * RS256 signatures (two per e-invoiced document) are the costliest CPU work of a create; at the
 * event loop's priority they take the core from it whenever they run, so requests wait. At a lower
 * priority they run while the event loop waits.
 */
export const SIGNER_NICE = 10;

/**
 * The worker's code, as CommonJS text: it runs the same from the TypeScript sources (tests) and from
 * the bundle. It takes batches of texts and answers each with its signature or its error. On Linux
 * a thread's nice value is its own, and `os.setPriority` without a pid sets the calling thread's;
 * elsewhere it would set the whole process's, so it is left alone there.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { sign } = require("node:crypto");
if (process.platform === "linux") require("node:os").setPriority(workerData.nice);
parentPort.on("message", (jobs) => {
  parentPort.postMessage(jobs.map(({ id, text }) => {
    try {
      return { id, signature: sign("sha256", Buffer.from(text), workerData.key) };
    } catch (error) {
      return { id, error: String(error) };
    }
  }));
});`;

interface Job {
  readonly id: number;
  readonly text: string;
}

type Answer = { id: number; signature: Uint8Array } | { id: number; error: string };

interface Waiting {
  readonly resolve: (signature: Buffer) => void;
  readonly reject: (error: Error) => void;
}

/** One signing thread: its jobs sent in batches, one message a turn of the event loop. */
class SignerThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private batch: Job[] = [];
  private exited = false;

  constructor(key: KeyObject, nice: number) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { key, nice } });
    // Only the jobs it holds keep the process alive.
    this.worker.unref();
    this.worker.on("message", (answers: Answer[]) => {
      for (const answer of answers) this.settle(answer);
      if (this.waiting.size === 0) this.worker.unref();
    });
    this.worker.on("error", (error) => this.fail(error));
    this.worker.on("exit", (code) => this.fail(new Error(`the signing thread exited with ${code}`)));
  }

  get pending(): number {
    return this.waiting.size;
  }

  get alive(): boolean {
    return !this.exited;
  }

  sign(id: number, text: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.batch.push({ id, text });
      if (this.batch.length === 1) queueMicrotask(() => this.flush());
    });
  }

  terminate(): Promise<number> {
    this.exited = true;
    return this.worker.terminate();
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    this.worker.postMessage(batch);
  }

  private settle(answer: Answer): void {
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    this.waiting.delete(answer.id);
    if ("error" in answer) waiting.reject(new Error(answer.error));
    else
      waiting.resolve(
        Buffer.from(answer.signature.buffer, answer.signature.byteOffset, answer.signature.length),
      );
  }

  private fail(error: Error): void {
    this.exited = true;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}

/**
 * RS256 (RSASSA-PKCS1-v1_5 with SHA-256) signatures made on worker threads of low priority
 * (SIGNER_NICE), started when the first signature is asked for. Each signature goes to the thread
 * with the fewest in hand; a thread that died is replaced.
 */
export class Rs256Signer {
  private readonly threads: (SignerThread | null)[];
  private lastId = 0;

  constructor(
    private readonly key: KeyObject,
    threads = SIGNER_THREADS,
    private readonly nice = SIGNER_NICE,
  ) {
    this.threads = Array.from({ length: threads }, () => null);
  }

  sign(text: string): Promise<Buffer> {
    return this.idlest().sign(++this.lastId, text);
  }

  /** Stops the threads; signatures still in hand are refused. */
  async close(): Promise<void> {
    const running = this.threads.filter((thread) => thread !== null);
    this.threads.fill(null);
    await Promise.all(running.map((thread) => thread.terminate()));
  }

  private idlest(): SignerThread {
    let chosen = 0;
    for (const [i, thread] of this.threads.entries()) {
      if (!thread?.alive) {
        const fresh = new SignerThread(this.key, this.nice);
        this.threads[i] = fresh;
        return fresh;
      }
      if (thread.pending < (this.threads[chosen]?.pending ?? 0)) chosen = i;
    }
    return this.threads[chosen] as SignerThread;
  }
}
