import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON lines on stdout, written as they are logged: at `info` the server logs
 * a few lines a minute (requests only as a summary), and a line written later
 * in the background would land below what the server prints on stderr after
 * it, burying the first start's setup link.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Never log secrets even if a caller passes them by mistake.
      redact: ["key", "*.key", "password", "*.password", "apiKey", "*.apiKey", "req.headers.cookie"],
    },
    pino.destination({ dest: 1, sync: true }),
  );
}
