import { sql } from "kysely";
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import type { DB, Dialect } from "./database.server";
import { initialSchema } from "./migrations/0001_initial";
import { buyingSchema } from "./migrations/0002_buying";
import { adminSchema } from "./migrations/0003_admin";
import { panelSync } from "./migrations/0004_panel_sync";
import { auditLog } from "./migrations/0005_audit_log";
import { orderSearch } from "./migrations/0006_order_search";
import { auditClient } from "./migrations/0007_audit_client";
import { loginAttempts } from "./migrations/0008_login_attempts";
import { orderLifecycle } from "./migrations/0010_order_lifecycle";
import { paymentCredits } from "./migrations/0016_payment_credits";
import { gatewayOrders } from "./migrations/0018_gateway_orders";
import { alertOutbox } from "./migrations/0019_alert_outbox";
import { socialProof } from "./migrations/0020_social_proof";
import { publicPages } from "./migrations/0021_public_pages";
import { selfService } from "./migrations/0022_self_service";
import { amountHoldClients } from "./migrations/0023_amount_hold_clients";
import { panelPlacement } from "./migrations/0024_panel_placement";
import { orderMoney } from "./migrations/0025_order_money";
import { consentAndDevices } from "./migrations/0026_consent_and_devices";
import { operations } from "./migrations/0028_operations";
import { customComments } from "./migrations/0030_custom_comments";
import { planServices } from "./migrations/0033_plan_services";
import { panels } from "./migrations/0034_panels";
import { orderFallbackPanel } from "./migrations/0036_order_fallback_panel";
import { receivingAccounts } from "./migrations/0040_receiving_accounts";
import { paymentChecks } from "./migrations/0041_payment_checks";
import { paymentSmsHeaders } from "./migrations/0045_payment_sms_headers";
import { buyerMessages } from "./migrations/0047_buyer_messages";
import { processStarts } from "./migrations/0053_process_starts";
import { adminKnownDevices } from "./migrations/0057_admin_known_devices";
import { orderAccountSearch } from "./migrations/0058_order_account_search";
import { jobLeases } from "./migrations/0065_job_leases";
import { refundCompensation } from "./migrations/0080_refund_compensation";
import { complaints } from "./migrations/0081_complaints";
import { taxInvoices } from "./migrations/0082_tax_invoices";
import { coupons } from "./migrations/0085_coupons";
import { orderTargetKey } from "./migrations/0092_order_target_key";
import { erasureRequests } from "./migrations/0095_erasure_requests";
import { billingAddress } from "./migrations/0096_billing_address";
import { creditNotes } from "./migrations/0097_credit_notes";
import { dailyStatsCountedStatuses } from "./migrations/0098_daily_stats_counted_statuses";

/** Every migration, in order. Add a file under migrations/ and list it here. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_initial": initialSchema(dialect),
    "0002_buying": buyingSchema(dialect),
    "0003_admin": adminSchema(dialect),
    "0004_panel_sync": panelSync(dialect),
    "0005_audit_log": auditLog(dialect),
    "0006_order_search": orderSearch(dialect),
    "0007_audit_client": auditClient(dialect),
    "0008_login_attempts": loginAttempts(dialect),
    "0010_order_lifecycle": orderLifecycle(dialect),
    "0016_payment_credits": paymentCredits(dialect),
    "0018_gateway_orders": gatewayOrders(dialect),
    "0019_alert_outbox": alertOutbox(dialect),
    "0020_social_proof": socialProof(dialect),
    "0021_public_pages": publicPages(dialect),
    "0022_self_service": selfService(dialect),
    "0023_amount_hold_clients": amountHoldClients(dialect),
    "0024_panel_placement": panelPlacement(dialect),
    "0025_order_money": orderMoney(dialect),
    "0026_consent_and_devices": consentAndDevices(dialect),
    "0028_operations": operations(dialect),
    "0030_custom_comments": customComments(dialect),
    "0033_plan_services": planServices(dialect),
    "0034_panels": panels(dialect),
    "0036_order_fallback_panel": orderFallbackPanel(dialect),
    "0040_receiving_accounts": receivingAccounts(dialect),
    "0041_payment_checks": paymentChecks(dialect),
    "0045_payment_sms_headers": paymentSmsHeaders(dialect),
    // 0047–0052: issue 46 (buyer messages).
    "0047_buyer_messages": buyerMessages(dialect),
    // 0053–0056: issue 52 (operations).
    "0053_process_starts": processStarts(dialect),
    "0057_admin_known_devices": adminKnownDevices(dialect),
    "0058_order_account_search": orderAccountSearch(dialect),
    // 0065–0069: issue 50 (several instances).
    "0065_job_leases": jobLeases(dialect),
    // 0080–0084: issue 51 (fair fees, complaints, receipts).
    "0080_refund_compensation": refundCompensation(dialect),
    "0081_complaints": complaints(dialect),
    "0082_tax_invoices": taxInvoices(dialect),
    // 0085–0087: issue 51 (coupons).
    "0085_coupons": coupons(dialect),
    // 0092–0093: issue 51, point 5 (no overlapping orders).
    "0092_order_target_key": orderTargetKey(dialect),
    // 0095–0096: issue 51 (erasure and consent).
    "0095_erasure_requests": erasureRequests(dialect),
    // 0096–0097: issue 51, point 2 (the buyer's billing address for OIDAR invoices; credit notes).
    "0096_billing_address": billingAddress(dialect),
    "0097_credit_notes": creditNotes(dialect),
    // 0098–0099: issue 50, point 1 (checkouts on PostgreSQL do not wait for each other).
    "0098_daily_stats_counted_statuses": dailyStatsCountedStatuses(dialect),
  };
}

/**
 * Migrations a newer release ran that this one does not know: it runs on
 * them (migrations only add, and a later release removes what an older one
 * used only once no release in use needs it: expand, then contract;
 * docs/deploy.md, Upgrading). Listed as done, so `npm run rollback` can start
 * the previous release on the upgraded database.
 */
async function newerMigrations(db: DB): Promise<Record<string, Migration>> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db).catch(() => ({ rows: [] }));
  const noop: Migration = { up: () => Promise.resolve() };
  return Object.fromEntries(rows.rows.map((r) => [r.name, noop]));
}

// Any constant shared by all instances of this app; serialises start-up migrations on PostgreSQL.
const PG_MIGRATION_LOCK = 7_351_204_913;

/**
 * Brings the schema to the latest version. Safe to run twice, and safe when
 * several instances start at once on PostgreSQL: the first takes a session
 * advisory lock before Kysely even creates its bookkeeping tables, the others
 * wait, then find nothing left to do.
 */
export async function migrateToLatest(db: DB, dialect: Dialect): Promise<MigrationResultSet> {
  const run = async (conn: DB) => {
    // Read before the migrator's transaction (SQLite's one connection would wait on itself).
    const newer = await newerMigrations(conn);
    return new Migrator({
      db: conn,
      provider: { getMigrations: () => Promise.resolve({ ...newer, ...migrations(dialect) }) },
      // Features developed side by side add migrations with interleaved numbers;
      // each still runs exactly once, whatever order databases met them in.
      allowUnorderedMigrations: true,
    }).migrateToLatest();
  };

  const result =
    dialect === "postgres"
      ? await db.connection().execute(async (conn) => {
          await sql`select pg_advisory_lock(${PG_MIGRATION_LOCK})`.execute(conn);
          try {
            return await run(conn);
          } finally {
            await sql`select pg_advisory_unlock(${PG_MIGRATION_LOCK})`.execute(conn);
          }
        })
      : await run(db);

  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error("migration failed", { cause: result.error });
  }
  return result;
}
