import type { Generated, Selectable } from "kysely";

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** Admin username, or "system" for jobs. */
  actor: string;
  /** e.g. login, logout, plan.create, setting.update, order.place, data.delete, data.restore */
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON text with what changed; secrets already masked. */
  details: string | null;
  /** Client address as the server resolved it (TRUST_PROXY aware); null for jobs. */
  client_ip: string | null;
  /** The client's User-Agent header, cut to a sane length; null for jobs. */
  user_agent: string | null;
}

export type AuditEntry = Selectable<AuditLogTable>;
