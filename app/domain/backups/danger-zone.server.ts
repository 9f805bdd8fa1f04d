import { type DB, transaction } from "~/db/database.server";
import { type Actor, auditBy, recordAudit } from "~/domain/audit/audit.server";
import { PLACEHOLDER_UPI_ID, SETTINGS, SETTING_GROUPS, type SettingGroup } from "~/domain/settings/registry";
import { writeBackup } from "./backup.server";
import { forgetAllOrderAlerts } from "~/domain/operator-alerts/outbox.server";
import { forgetAllBuyerChannels } from "~/domain/buyer-messages/privacy.server";
import { forgetDeletedSales } from "~/domain/orders/deleted-orders.repository.server";
import { deleteAllOrders } from "~/domain/orders/orders.repository.server";
import { deleteAllCredits } from "~/domain/payments/credits.repository.server";
import { markPublicPagesChanged } from "~/domain/public-pages/changes.server";
import { deleteSettingValues } from "~/domain/settings/settings.repository.server";
import { deleteAllPanels } from "~/domain/panel/panels.repository.server";
import { resetAccounts } from "~/domain/receiving-accounts/accounts.repository.server";
import { DELETE_OPTION_LABELS, type DeleteOption } from "./delete-options";

export { DELETE_OPTIONS, DELETE_OPTION_LABELS, type DeleteOption } from "./delete-options";

function settingKeys(group: SettingGroup): string[] {
  return Object.values(SETTINGS)
    .filter((d) => d.group === group)
    .map((d) => d.key);
}

export interface DeletionResult {
  backup: string;
  deleted: { orders: number; plans: number; settings: number };
  /** What was deleted, in the spec's words, for the success toast. */
  labels: string[];
}

/**
 * Backs up, then deletes, the chosen groups. 'settings.all' supersedes the
 * sub-options. The backup is written first and completely; if it fails,
 * nothing is deleted.
 */
export async function deleteSelectedData(
  db: DB,
  actor: Actor,
  backupDir: string,
  chosen: DeleteOption[],
): Promise<DeletionResult> {
  const options = new Set(chosen);
  if (options.has("settings.all")) {
    options.delete("settings.smm");
    options.delete("settings.payment");
  }
  const keys = options.has("settings.all")
    ? SETTING_GROUPS.flatMap(settingKeys)
    : [
        ...(options.has("settings.smm") ? settingKeys("smm") : []),
        ...(options.has("settings.payment") ? settingKeys("payment") : []),
      ];
  const label = [...options].join("-").replace(/\./g, "-");
  const { name } = await writeBackup(
    db,
    backupDir,
    // Payments received (matched or not) go with the orders they pay: deleting orders deletes them too.
    {
      orders: options.has("orders"),
      paymentCredits: options.has("orders"),
      plans: options.has("plans"),
      settingKeys: keys,
    },
    label || "nothing",
  );

  const deleted = await transaction(db, async (trx) => {
    const orders = options.has("orders") ? await deleteAllOrders(trx) : 0;
    // The payments received for those orders (matched or not) go with them; the backup above keeps both.
    if (options.has("orders")) await deleteAllCredits(trx);
    // Alerts still queued about them would link to orders that are gone.
    if (options.has("orders")) await forgetAllOrderAlerts(trx);
    // The buyers' browsers, chat links and chats go with their orders.
    if (options.has("orders")) await forgetAllBuyerChannels(trx);
    // So would the dashboard's note about paid orders deleted one by one.
    if (options.has("orders")) await forgetDeletedSales(trx);
    const plans = options.has("plans") ? await trx.deleteFrom("plans").executeTakeFirst() : null;
    const settings = await deleteSettingValues(trx, keys);
    // The SMM panel settings are panel records now (ADR 0024).
    if (keys.includes(SETTINGS.panelUrl.key)) await deleteAllPanels(trx);
    // The UPI ID is the first receiving account (0040): the accounts go, and the placeholder is back.
    if (keys.includes(SETTINGS.upiId.key)) await resetAccounts(trx, PLACEHOLDER_UPI_ID);
    // Plans, prices and the delivered-orders count on the public pages may all have gone.
    await markPublicPagesChanged(trx);
    const counts = {
      orders,
      plans: Number(plans?.numDeletedRows ?? 0),
      settings,
    };
    await recordAudit(trx, {
      ...auditBy(actor),
      action: "data.delete",
      details: { options: [...options], backup: name, deleted: counts },
    });
    return counts;
  });
  return { backup: name, deleted, labels: [...options].map((o) => DELETE_OPTION_LABELS[o]) };
}

/** The spec's 'Delete ALL Data (Everything)': orders, plans and every setting; never the admin login. */
export async function deleteAllData(db: DB, actor: Actor, backupDir: string): Promise<DeletionResult> {
  return deleteSelectedData(db, actor, backupDir, ["orders", "plans", "settings.all"]);
}
