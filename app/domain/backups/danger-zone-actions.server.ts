import type { AppServices } from "~/context";
import type { Actor } from "~/domain/audit/audit.server";
import { plural } from "~/lib/plural";
import { deleteAllData, deleteSelectedData } from "./danger-zone.server";
import type { DangerZoneAction } from "./danger-zone-actions";
import { restoreNamedBackup } from "./restore.server";

/**
 * Runs one Danger Zone or Backups submit of the Settings page: a deletion or
 * a backup's restore (the caller checked the recent password). The settings
 * cache and the public pages learn of it from the writes themselves.
 */
export async function runDangerZoneAction(
  services: Pick<AppServices, "db" | "dialect" | "config">,
  actor: Actor,
  action: DangerZoneAction,
): Promise<{ ok: true; message: string; intent: DangerZoneAction["intent"] }> {
  const { intent } = action;
  switch (intent) {
    case "delete-selected": {
      const result = await deleteSelectedData(services.db, actor, services.config.BACKUP_DIR, action.deleteOptions);
      return { ok: true, intent, message: `Successfully deleted selected data: ${result.labels.join(", ")}` };
    }
    case "delete-all":
      await deleteAllData(services.db, actor, services.config.BACKUP_DIR);
      return { ok: true, intent, message: "All data has been permanently deleted from the database" };
    case "restore-backup": {
      const { restored } = await restoreNamedBackup(
        services.db,
        services.dialect,
        services.config.BACKUP_DIR,
        action.backup,
        actor,
      );
      return { ok: true, intent, message: restoredMessage(restored) };
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
