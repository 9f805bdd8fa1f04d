import type { DB } from "~/db/database.server";
import { recordAudit, type RequestClient } from "~/domain/audit/audit.server";
import type { PushSubscriptionRequest } from "./push-subscription";
import type { AlertPushSubscriptionRow } from "./table";

/**
 * The devices that get Web Push alerts: each browser's subscription as its
 * push service made it (endpoint and keys), added and removed by the signed-in
 * operator from that device, and removed by the shop when the push service
 * answers that it is gone (404/410).
 */

type Operator = { name: string; client: RequestClient };

export async function addPushSubscription(
  db: DB,
  operator: Operator,
  input: PushSubscriptionRequest,
  device: string,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto("alert_push_subscriptions")
    .values({
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      device: device.slice(0, 200),
      created_at: now,
    })
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet((eb) => ({ p256dh: eb.ref("excluded.p256dh"), auth: eb.ref("excluded.auth") })),
    )
    .execute();
  await recordAudit(db, {
    actor: operator.name,
    action: "alerts.push-subscribe",
    targetType: "settings",
    targetId: "alerts",
    details: { device: device.slice(0, 200), pushService: new URL(input.endpoint).host },
    client: operator.client,
  });
}

/** Removes this device; false when it was not subscribed. */
export async function removePushSubscription(db: DB, operator: Operator | null, endpoint: string): Promise<boolean> {
  const result = await db.deleteFrom("alert_push_subscriptions").where("endpoint", "=", endpoint).executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  if (removed && operator) {
    await recordAudit(db, {
      actor: operator.name,
      action: "alerts.push-unsubscribe",
      targetType: "settings",
      targetId: "alerts",
      details: {},
      client: operator.client,
    });
  }
  return removed;
}

export function pushSubscriptions(db: DB): Promise<AlertPushSubscriptionRow[]> {
  return db.selectFrom("alert_push_subscriptions").selectAll().orderBy("id").execute();
}

export async function pushDeviceCount(db: DB): Promise<number> {
  const row = await db
    .selectFrom("alert_push_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
