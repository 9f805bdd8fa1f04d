import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON lines on stdout, written as they are logged: at `info` the server logs
 * a few lines a minute (requests only as a summary), and a line written later
 * in the background would land below what the server prints on stderr after
 * it, burying the first start's setup link.
 */
export function createLogger(level: string, format: "json" | "pretty" = "json"): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Never log secrets even if a caller passes them by mistake.
      redact: ["key", "*.key", "password", "*.password", "apiKey", "*.apiKey", "req.headers.cookie"],
    },
    format === "pretty" ? prettyDestination() : pino.destination({ dest: 1, sync: true }),
  );
}

const LEVEL_LABELS: Record<number, string> = { 10: "trace ", 20: "debug ", 40: "WARN  ", 50: "ERROR ", 60: "FATAL " };

/**
 * One JSON log line as a person at a terminal reads it (LOG_FORMAT=pretty,
 * what `npm start` uses in a terminal): the local time, the level when it is
 * not plain information, the message, and an error's own message; the fields
 * a log collector wants stay out.
 */
export function prettyLogLine(line: string): string {
  let entry: { time?: number; level?: number; msg?: string; err?: { message?: string } };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const time = typeof entry.time === "number" ? new Date(entry.time).toTimeString().slice(0, 8) : "--:--:--";
  const label = LEVEL_LABELS[entry.level ?? 30] ?? "";
  const err = entry.err?.message ? `: ${entry.err.message}` : "";
  return `${time}  ${label}${entry.msg ?? ""}${err}\n`;
}

/** Writes each line as it is logged, as the JSON destination does, so nothing lands below the setup link later. */
function prettyDestination(): pino.DestinationStream {
  return { write: (line: string) => void process.stdout.write(prettyLogLine(line)) };
}
