import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, type Dialect, openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { initialSchema } from "~/db/migrations/0001_initial";
import { buyingSchema } from "~/db/migrations/0002_buying";
import { adminSchema } from "~/db/migrations/0003_admin";
import { UNCOUNTED_STATUSES } from "~/db/migrations/0098_daily_stats_counted_statuses";
import { panelSync } from "~/db/migrations/0004_panel_sync";
import { auditLog } from "~/db/migrations/0005_audit_log";
import { orderSearch } from "~/db/migrations/0006_order_search";
import { auditClient } from "~/db/migrations/0007_audit_client";
import { backupPath, restoreBackup, writeBackup } from "~/domain/backups/backup.server";
import { getDashboard } from "~/domain/dashboard/dashboard.server";
import { refundPaise } from "~/domain/orders/lifecycle";
import { markRefunded } from "~/domain/payments/payment.server";
import { netProfitSql } from "~/domain/orders/profit";
import { type TestDatabase, freshDatabase, testDatabases } from "../support/databases";

/**
 * A shop that ran the code from before the order lifecycle (statuses pending,
 * completed, failed, cancelled plus panel_state) upgrades: every old
 * combination lands in the state it meant, paid orders say who confirmed them,
 * refunds owed are computed, and the dashboard's roll-up matches its orders.
 */

/** The migrations the shop had before the lifecycle. */
function oldMigrations(dialect: Dialect) {
  return {
    "0001_initial": initialSchema(dialect),
    "0002_buying": buyingSchema(dialect),
    "0003_admin": adminSchema(dialect),
    "0004_panel_sync": panelSync(dialect),
    "0005_audit_log": auditLog(dialect),
    "0006_order_search": orderSearch(dialect),
    "0007_audit_client": auditClient(dialect),
  };
}

const NOW = Date.now();
const DAY = 86_400_000;
const MIGRATED = '{"migrated":true}';

interface OldRow {
  label: string;
  status: string;
  panel_state?: string | null;
  panel_status?: string | null;
  panel_order_id?: string | null;
  panel_remains?: number | null;
  panel_placed_at?: number | null;
  panel_error?: string | null;
  utr?: string | null;
  payment_deadline_at?: number;
  price_paise?: number;
  quantity?: number;
  profit_paise?: number | null;
  service_type?: string;
  created_at?: number;
  /** What it must become. */
  expect: { status: string; paid: "no" | "placed" | "updated"; refund: number | null };
}

// Before migration 0025 every refund kept the processing fee, as a buyer's own cancellation still does.
const full = (price: number, quantity: number) => refundPaise(price, quantity, quantity, "buyer", 5);

/** Every combination the old code could leave behind. */
const OLD_ROWS: OldRow[] = [
  {
    label: "pending, window open",
    status: "pending",
    expect: { status: "awaiting_payment", paid: "no", refund: null },
  },
  {
    label: "pending, window closed",
    status: "pending",
    payment_deadline_at: NOW - 60_000,
    expect: { status: "expired", paid: "no", refund: null },
  },
  {
    label: "pending with a UTR, window closed",
    status: "pending",
    utr: "123412341234",
    payment_deadline_at: NOW - 60_000,
    expect: { status: "payment_claimed", paid: "no", refund: null },
  },
  {
    label: "pending, being sent",
    status: "pending",
    panel_state: "sending",
    expect: { status: "sending", paid: "updated", refund: null },
  },
  {
    label: "pending, outcome unknown",
    status: "pending",
    panel_state: "unknown",
    panel_error: "Not sure whether the SMM panel placed this order",
    expect: { status: "placement_unknown", paid: "updated", refund: null },
  },
  {
    label: "failed, outcome unknown",
    status: "failed",
    panel_state: "unknown",
    expect: { status: "placement_unknown", paid: "updated", refund: null },
  },
  {
    label: "failed: the panel refused it",
    status: "failed",
    panel_error: "Incorrect link",
    price_paise: 34_900,
    expect: { status: "refund_due", paid: "updated", refund: full(34_900, 1000) },
  },
  {
    label: "completed, panel completed",
    status: "completed",
    panel_state: "placed",
    panel_order_id: "5001",
    panel_status: "completed",
    panel_remains: 0,
    profit_paise: 30_400,
    expect: { status: "delivered", paid: "placed", refund: null },
  },
  {
    label: "completed, panel partial",
    status: "completed",
    panel_state: "placed",
    panel_order_id: "5002",
    panel_status: "partial",
    panel_remains: 157,
    price_paise: 34_900,
    profit_paise: 31_100,
    expect: { status: "refund_due", paid: "placed", refund: refundPaise(34_900, 1000, 157, "buyer", 5) },
  },
  {
    label: "completed, panel in progress",
    status: "completed",
    panel_state: "placed",
    panel_order_id: "5003",
    panel_status: "in_progress",
    panel_remains: 600,
    expect: { status: "delivering", paid: "placed", refund: null },
  },
  {
    label: "completed, panel pending",
    status: "completed",
    panel_state: "placed",
    panel_order_id: "5004",
    panel_status: "pending",
    expect: { status: "sent", paid: "placed", refund: null },
  },
  {
    label: "completed, cancelled at the panel",
    status: "completed",
    panel_state: "placed",
    panel_order_id: "5005",
    panel_status: "cancelled",
    price_paise: 999,
    quantity: 150,
    expect: { status: "refund_due", paid: "placed", refund: full(999, 150) },
  },
  {
    label: "cancelled, never sent",
    status: "cancelled",
    payment_deadline_at: NOW - 60_000,
    expect: { status: "cancelled", paid: "no", refund: null },
  },
  {
    label: "cancelled at the panel by the operator",
    status: "cancelled",
    panel_state: "placed",
    panel_order_id: "5006",
    panel_status: "cancelled",
    service_type: "likes",
    created_at: NOW - 3 * DAY,
    expect: { status: "refund_due", paid: "placed", refund: full(34_900, 1000) },
  },
  {
    label: "completed with no panel order (checked by hand)",
    status: "completed",
    expect: { status: "placement_unknown", paid: "updated", refund: null },
  },
];

async function insertOldRows(db: Kysely<any>) {
  let n = 0;
  for (const row of OLD_ROWS) {
    n++;
    const { label: _label, expect: _expect, ...columns } = row;
    await db
      .insertInto("orders")
      .values({
        order_id: `BKOLD${String(n).padStart(7, "0")}`,
        service_type: "followers",
        plan_id: null,
        plan_name: "Popular Followers",
        target: `old.buyer.${n}`,
        quantity: 1000,
        price_paise: 34_900,
        customer_name: "Priya",
        customer_phone: "+919812345678",
        payment_deadline_at: NOW + 300_000,
        created_at: NOW - DAY,
        // Placed orders were placed a little after they were last touched by the buyer.
        updated_at: NOW - DAY + 60_000,
        panel_placed_at: columns.panel_order_id ? NOW - DAY + 30_000 : null,
        ...columns,
      })
      .execute();
  }
}

/**
 * The roll-up the triggers keep, and the same figures counted afresh from the orders (profit net of refunds,
 * profit.ts) of the statuses the dashboard reads (migration 0098).
 */
async function rollups(db: DatabaseHandle["db"]) {
  const norm = (rows: Record<string, unknown>[]) =>
    rows
      .map((r) => [
        Number(r.day),
        String(r.service_type),
        String(r.status),
        Number(r.orders),
        Number(r.revenue_paise),
        Number(r.profit_paise),
        Number(r.refund_paise),
      ])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const kept = await sql<Record<string, unknown>>`select day, service_type, status, orders, revenue_paise,
    profit_paise, refund_paise from order_daily_stats where orders <> 0`.execute(db);
  const fresh = await sql<Record<string, unknown>>`select (created_at + 19800000) / 86400000 as day, service_type,
    status, count(*) as orders, sum(price_paise) as revenue_paise,
    sum(coalesce(${sql.raw(netProfitSql())}, 0)) as profit_paise,
    sum(coalesce(refund_due_paise, 0)) as refund_paise
    from orders where status not in (${sql.raw(UNCOUNTED_STATUSES.map((s) => `'${s}'`).join(", "))})
    group by (created_at + 19800000) / 86400000, service_type, status`.execute(db);
  return { kept: norm(kept.rows), fresh: norm(fresh.rows) };
}

describe.each(testDatabases())("the order lifecycle migration on $name", (kind: TestDatabase) => {
  let old: DatabaseHandle;
  let drop: () => Promise<void>;
  let backupDir: string;

  beforeEach(async () => {
    const created = await kind.create();
    drop = created.drop;
    old = openDatabase(created.target);
    const result = await new Migrator({
      db: old.db,
      provider: { getMigrations: () => Promise.resolve(oldMigrations(old.dialect)) },
    }).migrateToLatest();
    expect(result.error).toBeUndefined();
    await insertOldRows(old.db as Kysely<any>);
    backupDir = mkdtempSync(join(tmpdir(), "shop-old-backup-"));
  });
  afterEach(async () => {
    await old?.close();
    await drop?.();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it("maps every old status and panel state to the lifecycle, with payment, refund and an exact roll-up", async () => {
    await migrateToLatest(old.db, old.dialect);
    const rows = await old.db.selectFrom("orders").selectAll().orderBy("id").execute();
    expect(rows).toHaveLength(OLD_ROWS.length);
    rows.forEach((row, i) => {
      const { label, expect: wanted } = OLD_ROWS[i]!;
      expect(row.status, label).toBe(wanted.status);
      expect(row.refund_due_paise === null ? null : Number(row.refund_due_paise), label).toBe(wanted.refund);
      if (wanted.paid === "no") {
        expect({ paid_at: row.paid_at, paid_by: row.paid_by, payment_evidence: row.payment_evidence }, label).toEqual({
          paid_at: null,
          paid_by: null,
          payment_evidence: null,
        });
      } else {
        // Under the old rules, sending to the panel meant the operator had seen the payment.
        expect(Number(row.paid_at), label).toBe(wanted.paid === "placed" ? NOW - DAY + 30_000 : NOW - DAY + 60_000);
        expect(row.paid_by, label).toBe("operator");
        expect(row.payment_evidence, label).toBe(MIGRATED);
      }
      expect(row.refunded_at, label).toBeNull();
      // Refused by the panel, so it cost nothing: its profit is its price, the refund comes off it.
      if (label.startsWith("failed: the panel refused")) expect(Number(row.profit_paise), label).toBe(34_900);
      expect("panel_state" in row, label).toBe(false);
    });

    const { kept, fresh } = await rollups(old.db);
    expect(kept).toEqual(fresh);
    // The dashboard counts the paid ones (sending, unknown, refund due, delivered, delivering, sent) and nets the refunds.
    const dashboard = await getDashboard(old.db, { timeRange: "all", status: "all" });
    expect(dashboard.totalOrders).toBe(OLD_ROWS.filter((r) => r.expect.paid !== "no").length);
    expect(dashboard.refundsDue).toBe(OLD_ROWS.filter((r) => r.expect.status === "refund_due").length);
    expect(dashboard.pendingOrders).toBe(1);

    // The migrated orders live on under the new rules, and the roll-up follows them.
    const owed = rows.find((r) => r.status === "refund_due")!;
    expect(await markRefunded(old.db, owed.order_id, "owner", "111122223333")).toMatchObject({ status: "refunded" });
    const after = await rollups(old.db);
    expect(after.kept).toEqual(after.fresh);
  });

  it("restores an order backup written before the lifecycle into the states the migration gives them", async () => {
    const { name } = await writeBackup(old.db, backupDir, { orders: true }, "before lifecycle");
    await migrateToLatest(old.db, old.dialect);
    const migrated = await old.db.selectFrom("orders").selectAll().orderBy("id").execute();

    const fresh = await freshDatabase(kind);
    try {
      const restored = await restoreBackup(fresh.db, fresh.dialect, backupPath(backupDir, name)!);
      expect(restored.orders).toBe(OLD_ROWS.length);
      const rows = await fresh.db.selectFrom("orders").selectAll().orderBy("id").execute();
      const pick = (r: (typeof rows)[number]) => ({
        order_id: r.order_id,
        status: r.status,
        paid_at: r.paid_at === null ? null : Number(r.paid_at),
        paid_by: r.paid_by,
        payment_evidence: r.payment_evidence,
        refund_due_paise: r.refund_due_paise === null ? null : Number(r.refund_due_paise),
        profit_paise: r.profit_paise === null ? null : Number(r.profit_paise),
      });
      expect(rows.map(pick)).toEqual(migrated.map(pick));
      const { kept, fresh: counted } = await rollups(fresh.db);
      expect(kept).toEqual(counted);
    } finally {
      await fresh.cleanup();
    }
  });
});
