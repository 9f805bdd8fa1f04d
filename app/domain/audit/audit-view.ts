import type { AuditEntry } from "./table";

/** One audit entry as the Audit page shows it: details as label/value pairs, already masked. */
export interface AuditEntryView {
  id: number;
  at: number;
  actor: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Array<[string, string]>;
  clientIp: string | null;
  userAgent: string | null;
}

const MAX_VALUE = 240;

function text(value: unknown): string {
  const shown = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return shown.length > MAX_VALUE ? `${shown.slice(0, MAX_VALUE - 1)}…` : shown;
}

/** The details JSON as pairs; anything that is not an object shows as one value. */
export function detailPairs(details: string | null): Array<[string, string]> {
  if (!details) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return [["", text(details)]];
  }
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    return Object.entries(parsed).map(([key, value]) => [key, text(value)]);
  }
  return [["", text(parsed)]];
}

export function toAuditEntryView(entry: AuditEntry): AuditEntryView {
  return {
    id: entry.id,
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    targetType: entry.target_type,
    targetId: entry.target_id,
    details: detailPairs(entry.details),
    clientIp: entry.client_ip,
    userAgent: entry.user_agent,
  };
}
