import { type Logger, pino } from "pino";
import type { LogLevel } from "./config.js";

/** JSON lines on stdout. Credentials never reach a log line, even if someone logs a whole request. */
export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    base: { service: "bahi-api" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["authorization", "*.authorization", "headers.authorization", "secret", "*.secret"],
      censor: "[redacted]",
    },
  });
}
