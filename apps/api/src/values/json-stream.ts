/** Text is handed to the socket in chunks of about this size: large enough to keep writes few. */
const CHUNK_BYTES = 64 * 1024;

/** Where a streamed body writes its JSON text, in order; `write` waits while the client is behind. */
export interface JsonSink {
  write(text: string): Promise<void>;
}

/**
 * A JSON answer written piece by piece, for bodies that grow with the data (a GSTR-1 of 100,000
 * invoices): the server holds one chunk at a time, never the whole document. `T` is the shape the
 * finished text has, so a handler returning a stream is typed like one returning the object.
 */
export class JsonStream<T> {
  /** Never set: it carries `T`, so that a stream of one shape is not taken for another. */
  declare readonly shape?: T;

  constructor(readonly produce: (sink: JsonSink) => Promise<void>) {}

  /**
   * The body as a byte stream with backpressure: the producer waits while the socket's buffer is
   * full, and a client that goes away makes the next `write` throw, which ends the producer (and
   * rolls back the transaction it reads in).
   */
  toReadableStream(onError: (error: unknown) => void): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    let pending = "";
    let cancelled = false;
    let resume: (() => void) | null = null;
    const produce = this.produce;
    return new ReadableStream<Uint8Array>(
      {
        start(controller) {
          const flush = async () => {
            if (cancelled) throw new Error("the client closed the connection");
            if (pending === "") return;
            controller.enqueue(encoder.encode(pending));
            pending = "";
            while ((controller.desiredSize ?? 1) <= 0 && !cancelled) {
              await new Promise<void>((resolve) => {
                resume = resolve;
              });
            }
          };
          const sink: JsonSink = {
            async write(text) {
              pending += text;
              if (pending.length >= CHUNK_BYTES) await flush();
            },
          };
          produce(sink)
            .then(flush)
            .then(
              () => controller.close(),
              (error: unknown) => {
                if (!cancelled) {
                  onError(error);
                  controller.error(error);
                }
              },
            );
        },
        pull() {
          resume?.();
          resume = null;
        },
        cancel() {
          cancelled = true;
          resume?.();
          resume = null;
        },
      },
      { highWaterMark: CHUNK_BYTES, size: (chunk) => chunk.byteLength },
    );
  }
}
