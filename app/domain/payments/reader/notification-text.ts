/** A notification's texts as a forwarder reports them (Android's title, text, big text, and any other lines). */
export interface NotificationParts {
  title?: string | null;
  text?: string | null;
  bigText?: string | null;
  lines?: readonly string[] | null;
}

/**
 * The text the reader reads: the title, the expanded text (or the short one), and any other lines, one per
 * line. A title repeating the amount ("Received Rs 1") is the same amount, not a second one.
 */
export function notificationText(body: NotificationParts): string {
  const short = body.text?.trim() ?? "";
  const big = body.bigText?.trim() ?? "";
  const main = big !== "" && (short === "" || big.includes(short)) ? big : [short, big].filter(Boolean).join("\n");
  return [body.title?.trim() ?? "", main, ...(body.lines ?? []).map((l) => l.trim())]
    .filter((part) => part !== "")
    .join("\n");
}
