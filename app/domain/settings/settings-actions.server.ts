import type { AppServices } from "~/context";
import type { RequestClient } from "~/domain/audit/audit.server";
import type { AdminSession } from "~/domain/auth/session.server";
import { changeAdminCredentials } from "~/domain/auth/credentials.server";
import { deleteAllData, deleteSelectedData } from "~/domain/backups/danger-zone.server";
import { AppError } from "~/lib/app-error";
import { saveSettingsForm } from "./admin.server";
import type { AlertIntent } from "~/domain/alerts/alert-settings-actions";
import type { PaymentAlertIntent } from "~/domain/payments/alerts-settings-actions";
import type { GatewayIntent } from "~/domain/payments/gateway-settings-actions";
import type { MailboxIntent } from "~/domain/payments/mailbox-settings-actions";
import type { SettingsAction } from "./settings-actions";
import type { SettingsForm } from "./validation";

const SAVED: Record<SettingsForm, string> = {
  smm: "SMM Panel settings saved successfully",
  payment: "Payment settings saved successfully",
  store: "Store details saved successfully",
};

/**
 * Runs one submit of the Settings page: a card's save, the credentials, or a
 * danger-zone deletion. A refusal is thrown as an AppError (INVALID_INPUT
 * naming the field, RATE_LIMITED with `retryAfter`).
 */
export async function runSettingsAction(
  services: Pick<AppServices, "db" | "settings" | "config">,
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
    case "store": {
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
        { adminUserId: admin.adminUserId, sessionId: admin.id, username: admin.username },
        values,
        client,
      );
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
  }
}
