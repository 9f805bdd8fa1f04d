import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import type { AuditEntry } from "./table";

export interface AuditEvent {
  actor: string;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  /** Where the request came from; absent for background jobs. */
  client?: RequestClient;
}

/** The address and browser of the request behind an audited action. */
export interface RequestClient {
  ip: string;
  userAgent: string;
}

/** Who did something: a name ("system" for jobs), or an admin with the request they acted through. */
export type Actor = string | { name: string; client?: RequestClient };

/** The actor and client fields of an audit event, for spreading into one. */
export function auditBy(actor: Actor): Pick<AuditEvent, "actor" | "client"> {
  return typeof actor === "string" ? { actor } : { actor: actor.name, client: actor.client };
}

const SECRET_FIELD = /pass(word)?|secret|token|api_?key|hash/i;

/** Masks every value under a secret-looking key, at any depth, keeping only the last 4 characters. */
export function maskSecrets(value: unknown, key = ""): unknown {
  if (SECRET_FIELD.test(key) && value !== null && value !== undefined && value !== "") {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return text.length > 8 ? `••••${text.slice(-4)}` : "••••";
  }
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecrets(v, k)]));
  }
  return value;
}

/**
 * An operator's change on the Settings page, audited under the card it was made on (`section`: "payment-alerts",
 * "buyer-messages", …), as every settings card's actions record them.
 */
export function recordSettingsAudit(
  db: DB,
  operator: { name: string; client: RequestClient },
  section: string,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  return recordAudit(db, { ...auditBy(operator), action, targetType: "settings", targetId: section, details });
}

/** Records one admin action. Call it inside the same transaction as the change where there is one. */
export async function recordAudit(db: DB, event: AuditEvent, now = Date.now()): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      at: now,
      actor: event.actor,
      action: event.action,
      target_type: event.targetType ?? null,
      target_id: event.targetId === undefined ? null : String(event.targetId),
      details: event.details ? JSON.stringify(maskSecrets(event.details)) : null,
      client_ip: event.client?.ip || null,
      user_agent: event.client?.userAgent.slice(0, 300) || null,
    })
    .execute();
}

export async function auditTrailFor(db: DB, targetType: string, targetId: string, limit = 100): Promise<AuditEntry[]> {
  return db
    .selectFrom("audit_log")
    .selectAll()
    .where("target_type", "=", targetType)
    .where("target_id", "=", targetId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function recentAudit(db: DB, limit = 50): Promise<AuditEntry[]> {
  return db.selectFrom("audit_log").selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** What the Audit page filters by; dates are epoch ms (from inclusive, to exclusive). */
export interface AuditFilters {
  action?: string;
  actor?: string;
  from?: number;
  to?: number;
}

/** A position in the log, newest first: entries are ordered by time, then id. */
export interface AuditCursor {
  at: number;
  id: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Where the next newer page starts (pass as `after`), or null on the newest page. */
  newer: AuditCursor | null;
  /** Where the next older page starts (pass as `before`), or null on the oldest page. */
  older: AuditCursor | null;
}

export const AUDIT_PAGE_SIZE = 50;

function filtered(db: DB, filters: AuditFilters) {
  let query = db.selectFrom("audit_log");
  if (filters.action) query = query.where("action", "=", filters.action);
  if (filters.actor) query = query.where("actor", "=", filters.actor);
  if (filters.from !== undefined) query = query.where("at", ">=", filters.from);
  if (filters.to !== undefined) query = query.where("at", "<", filters.to);
  return query;
}

type Side = "older" | "newer";

/** Entries strictly older (or newer) than the cursor; the indexes on (action, at), (actor, at) and at answer it. */
function beyond(db: DB, filters: AuditFilters, side: Side, cursor: AuditCursor) {
  const op = side === "older" ? "<" : ">";
  return filtered(db, filters).where((eb) =>
    eb.or([eb("at", op, cursor.at), eb.and([eb("at", "=", cursor.at), eb("id", op, cursor.id)])]),
  );
}

async function anyBeyond(db: DB, filters: AuditFilters, side: Side, cursor: AuditCursor): Promise<boolean> {
  const row = await beyond(db, filters, side, cursor).select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

const cursorOf = (entry: AuditEntry): AuditCursor => ({ at: entry.at, id: entry.id });

/**
 * One page of the audit log, newest first, keyset-paginated so a deep page
 * costs what the first one does however large the log grows. Without a
 * cursor it is the newest page; `before` pages towards older entries, `after`
 * towards newer ones.
 */
export async function listAuditLog(
  db: DB,
  filters: AuditFilters,
  position: { before?: AuditCursor; after?: AuditCursor } = {},
  limit = AUDIT_PAGE_SIZE,
): Promise<AuditPage> {
  if (position.after) {
    const rows = await beyond(db, filters, "newer", position.after)
      .selectAll()
      .orderBy("at", "asc")
      .orderBy("id", "asc")
      .limit(limit + 1)
      .execute();
    const entries = rows.slice(0, limit).reverse();
    const last = entries.at(-1);
    return {
      entries,
      newer: rows.length > limit ? cursorOf(entries[0]!) : null,
      older: last && (await anyBeyond(db, filters, "older", cursorOf(last))) ? cursorOf(last) : null,
    };
  }
  const query = position.before ? beyond(db, filters, "older", position.before) : filtered(db, filters);
  const rows = await query
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit);
  const first = entries[0];
  return {
    entries,
    newer:
      position.before && first && (await anyBeyond(db, filters, "newer", cursorOf(first))) ? cursorOf(first) : null,
    older: rows.length > limit ? cursorOf(entries.at(-1)!) : null,
  };
}

/**
 * The distinct values of an indexed column, smallest first, found by hopping
 * along its index (one lookup per value) instead of reading the whole log.
 */
async function distinctValues(db: DB, column: "action" | "actor", limit: number): Promise<string[]> {
  const col = sql.ref(column);
  const { rows } = await sql<{ value: string | null }>`
    with recursive hop(value, n) as (
      select min(${col}), 1 from audit_log
      union all
      select (select min(${col}) from audit_log where ${col} > hop.value), n + 1 from hop
      where hop.value is not null and n < ${limit}
    )
    select value from hop where value is not null`.execute(db);
  return rows.map((r) => r.value!);
}

/** Every action in the log, for the Audit page's filter. */
export function auditActions(db: DB): Promise<string[]> {
  return distinctValues(db, "action", 200);
}

/** Who appears in the log (the first 100 names), as suggestions for the actor filter. */
export function auditActors(db: DB): Promise<string[]> {
  return distinctValues(db, "actor", 100);
}
