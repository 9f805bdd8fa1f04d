import { plural } from "~/lib/plural";

/** "rahulk" → "ra***k": enough to feel real, not enough to identify anyone. */
export function maskHandle(handle: string): string {
  const h = handle.replace(/^@/, "");
  if (h.length === 0) return "";
  if (h.length <= 3) return `${h[0]}***`;
  return `${h.slice(0, 2)}***${h[h.length - 1]}`;
}

/** How long ago, in the unit a buyer reads it in: under a minute, minutes, hours, then days. */
export function elapsed(thenMs: number, nowMs: number): { unit: "justNow" | "minutes" | "hours" | "days"; n: number } {
  const s = Math.max(0, Math.floor((nowMs - thenMs) / 1000));
  if (s < 60) return { unit: "justNow", n: 0 };
  const m = Math.floor(s / 60);
  if (m < 60) return { unit: "minutes", n: m };
  const h = Math.floor(m / 60);
  if (h < 24) return { unit: "hours", n: h };
  return { unit: "days", n: Math.floor(h / 24) };
}

/** "just now", "3 min ago", "2 h ago", "4 days ago". */
export function timeAgo(thenMs: number, nowMs: number): string {
  const { unit, n } = elapsed(thenMs, nowMs);
  if (unit === "justNow") return "just now";
  if (unit === "minutes") return `${n} min ago`;
  if (unit === "hours") return `${n} h ago`;
  return `${plural(n, "day")} ago`;
}

export interface RecentOrder {
  /** Masked handle, or null when the order named no account (views). */
  handle: string | null;
  quantity: number;
  createdAt: number;
}
