import { type Logger, pino } from "pino";
import sonicBoom from "sonic-boom";
import type { LogLevel } from "./config.js";
import { settledWithin } from "./values/settled-within.js";

/**
 * LOG_BUFFER_MAX_BYTES: log lines kept in memory while stdout's reader is slower than the server;
 * past it lines are dropped, so that a reader that stops reading costs lines, never the process.
 */
export const LOG_BUFFER_MAX_BYTES = 16 * 1024 * 1024;
/** LOG_FLUSH_TIMEOUT_MS: how long a stopping process waits for its last lines to reach stdout. */
export const LOG_FLUSH_TIMEOUT_MS = 2_000;

/**
 * Where log lines go: stdout, written off the main thread, and never a reason to stay alive. pino's
 * own stdout stream registers a synchronous flush at process exit that retries a failed write for
 * ever; when the reader of stdout had gone (a supervisor that sent SIGTERM and exited), the server
 * spun there after its shutdown, its port closed and deaf to every later signal. This stream has no
 * exit hook: the stop waits for it to drain, within LOG_FLUSH_TIMEOUT_MS, then exits regardless.
 */
export class LogOutput {
  // A CommonJS module: its class is a property of the default import under NodeNext.
  readonly #stream = new sonicBoom.SonicBoom({ fd: 1, sync: false, maxLength: LOG_BUFFER_MAX_BYTES });
  #open = true;

  constructor() {
    // EPIPE (the reader has gone) or any other write error: the lines have nowhere to go.
    this.#stream.on("error", () => {
      this.#open = false;
    });
  }

  write(line: string): void {
    if (this.#open) this.#stream.write(line);
  }

  /** Writes what is buffered and stops; whether it was written within `ms` (later lines are dropped). */
  async close(ms = LOG_FLUSH_TIMEOUT_MS): Promise<boolean> {
    if (!this.#open) return false;
    this.#open = false;
    let written = false;
    const ended = new Promise<void>((resolve) => {
      this.#stream.once("close", () => {
        written = true;
        resolve();
      });
      this.#stream.once("error", () => resolve());
    });
    this.#stream.end();
    await settledWithin(ended, ms);
    return written;
  }
}

/** JSON lines on stdout. Credentials never reach a log line, even if someone logs a whole request. */
export function createLogger(level: LogLevel, output: LogOutput = new LogOutput()): Logger {
  return pino(
    {
      level,
      base: { service: "bahi-api" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ["authorization", "*.authorization", "headers.authorization", "secret", "*.secret"],
        censor: "[redacted]",
      },
    },
    output,
  );
}
