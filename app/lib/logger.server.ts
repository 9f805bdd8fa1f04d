import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // Never log secrets even if a caller passes them by mistake.
    redact: ["key", "*.key", "password", "*.password", "apiKey", "*.apiKey", "req.headers.cookie"],
  });
}
