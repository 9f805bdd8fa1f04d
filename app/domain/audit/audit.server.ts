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
    const text = String(value);
    return text.length > 8 ? `••••${text.slice(-4)}` : "••••";
  }
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecrets(v, k)]));
  }
  return value;
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
