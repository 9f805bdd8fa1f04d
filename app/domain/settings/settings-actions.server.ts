import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import { type AdminSession, markPasswordEntered } from "~/domain/auth/session.server";
import { changeAdminCredentials } from "~/domain/auth/credentials.server";
import { deleteAllData, deleteSelectedData } from "~/domain/backups/danger-zone.server";
import { restoreNamedBackup } from "~/domain/backups/restore.server";
import { AppError } from "~/lib/app-error";
import { saveSettingsForm } from "./admin.server";
import type { AlertIntent } from "~/domain/alerts/alert-settings-actions";
import type { PaymentAlertIntent } from "~/domain/payments/alerts-settings-actions";
import type { GatewayIntent } from "~/domain/payments/gateway-settings-actions";
import type { MailboxIntent } from "~/domain/payments/mailbox-settings-actions";
import type { SettingsAction } from "./settings-actions";
import type { SettingsForm } from "./validation";
import { plural } from "~/lib/plural";

const SAVED: Record<SettingsForm, string> = {
  smm: "SMM Panel settings saved successfully",
  payment: "Payment settings saved successfully",
  store: "Store details saved successfully",
  schedule: "Backup settings saved successfully",
};

/**
 * Runs one submit of the Settings page: a card's save, the credentials, a
 * danger-zone deletion or a backup's restore. A refusal is thrown as an AppError (INVALID_INPUT
 * naming the field, RATE_LIMITED with `retryAfter`).
 */
export async function runSettingsAction(
  services: Pick<AppServices, "db" | "dialect" | "settings" | "config">,
  admin: AdminSession,
  action: Exclude<
    SettingsAction,
    { intent: "panel-test" | PaymentAlertIntent | GatewayIntent | MailboxIntent | AlertIntent }
  >,
  client: RequestClient,
): Promise<{ ok: true; message: string; intent: SettingsAction["intent"] }> {
  const actor = { name: admin.username, client };
  switch (action.intent) {
    case "smm":
    case "payment":
    case "store":
    case "schedule": {
      const { intent, ...values } = action;
      const result = await saveSettingsForm(services.db, actor, intent, values);
      if (!result.ok) throw new AppError("INVALID_INPUT", result.message, { field: result.field ?? null });
      services.settings.clear();
      return { ok: true, intent, message: SAVED[intent] };
    }
    case "credentials": {
      const { intent, ...values } = action;
      const result = await changeAdminCredentials(
        services.db,
        {
          adminUserId: admin.adminUserId,
          sessionId: admin.id,
          username: admin.username,
          sessionTtlSeconds: services.config.ADMIN_SESSION_TTL_SECONDS,
        },
        values,
        client,
      );
      // The current password was just typed: it counts as recent.
      await markPasswordEntered(services.db, admin.id);
      return { ...result, intent };
    }
    case "delete-selected": {
      const result = await deleteSelectedData(services.db, actor, services.config.BACKUP_DIR, action.deleteOptions);
      services.settings.clear();
      return {
        ok: true,
        intent: action.intent,
        message: `Successfully deleted selected data: ${result.labels.join(", ")}`,
      };
    }
    case "delete-all": {
      await deleteAllData(services.db, actor, services.config.BACKUP_DIR);
      services.settings.clear();
      return { ok: true, intent: action.intent, message: "All data has been permanently deleted from the database" };
    }
    case "restore-backup": {
      const { restored } = await restoreNamedBackup(
        services.db,
        services.dialect,
        services.config.BACKUP_DIR,
        action.backup,
        actor,
      );
      services.settings.clear();
      return { ok: true, intent: action.intent, message: restoredMessage(restored) };
    }
  }
}

/** "Restored 3 orders, 2 payment credits, 0 plans and 0 settings (rows that still existed were kept)". */
function restoredMessage(restored: Record<"orders" | "payment_credits" | "plans" | "settings", number>): string {
  return (
    `Restored ${plural(restored.orders, "order")}, ${plural(restored.payment_credits, "payment credit")}, ` +
    `${plural(restored.plans, "plan")} and ${plural(restored.settings, "setting")} ` +
    "(rows that still existed were kept)"
  );
}
