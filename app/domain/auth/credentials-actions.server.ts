import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import { intentsOf } from "~/lib/intent";
import { changeAdminCredentials } from "./credentials.server";
import { credentialsActionSchemas } from "./credentials-form";
import { type AdminSession, markPasswordEntered } from "./session.server";

type CredentialsAction = { intent: "credentials"; username: string; currentPassword: string; newPassword: string };

export const isCredentialsAction = intentsOf(credentialsActionSchemas);

/**
 * The Settings page's Admin Authentication card: a new username or password,
 * proved by the current password (credentials.server.ts). A refusal is thrown
 * as an AppError (INVALID_INPUT naming the field, RATE_LIMITED with `retryAfter`).
 */
export async function runCredentialsAction(
  services: Pick<AppServices, "db" | "config">,
  admin: AdminSession,
  actor: { client: RequestClient },
  { intent, ...values }: CredentialsAction,
): Promise<{ ok: true; message: string; intent: "credentials" }> {
  const result = await changeAdminCredentials(
    services.db,
    {
      adminUserId: admin.adminUserId,
      sessionId: admin.id,
      username: admin.username,
      sessionTtlSeconds: services.config.ADMIN_SESSION_TTL_SECONDS,
    },
    values,
    actor.client,
  );
  // The current password was just typed: it counts as recent.
  await markPasswordEntered(services.db, admin.id);
  return { ...result, intent };
}
