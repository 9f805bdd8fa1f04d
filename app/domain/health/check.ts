/** One line of the Health page, /readyz and the health alerts (health.server.ts builds the list). */
export type CheckStatus = "ok" | "warn" | "failing" | "off";

export interface HealthCheck {
  key: string;
  label: string;
  status: CheckStatus;
  summary: string;
  /** Since when it has been failing (red), when known. */
  since?: number | null;
}
