import { healthActionSchema } from "~/domain/health/health-actions";
import { readFileSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { accountActionSchema, loginSchema, logoutSchema, setupSchema } from "~/domain/auth/rules";
import { complaintActionSchema } from "~/domain/complaints/complaint-actions";
import { couponActionSchema } from "~/domain/coupons/coupon-form";
import { API_ORDER_ACTIONS, orderListActionSchema, orderPageActionSchema } from "~/domain/orders/order-actions";
import { trackLookupSchema } from "~/domain/orders/track-lookup";
import { stopLinkFormSchema } from "~/domain/buyer-messages/stop-link";
import { panelActionSchema } from "~/domain/panel/panel-form";
import { unmatchedActionSchema } from "~/domain/payments/unmatched-actions";
import { planActionSchema } from "~/domain/plans/plan-form";
import { settingsActionSchema } from "~/routes/admin/settings-intents";
import { socialProofActionSchema } from "~/domain/social-proof/forms";
import routes from "~/routes";
import { testDatabases } from "../support/databases";
import {
  ADMIN_AND_PANEL,
  type Answer,
  type HostileShop,
  RUNS,
  adminLogin,
  expectJsonRefusal,
  expectSafe,
  hostileObject,
  send,
  snapshot,
  startShop,
  type Table,
  CREATE_ORDER_KEYS,
} from "../support/hostile";
import { makeOrder } from "../support/orders";
import { TEST_ADMIN } from "../support/test-accounts";

const TABLES: readonly Table[] = [
  "orders",
  "plans",
  "settings",
  "audit_log",
  "admin_users",
  "payment_credits",
  "testimonials",
  "proof_cards",
  "panels",
  "complaints",
  "coupons",
];

/** Every page form: the address, the schema its action reads, and what an accepted submit may change. */
interface PageForm {
  pattern: string;
  schema: z.ZodType;
  signedIn: boolean;
  /** Tables an accepted (not poisoned) submit of this page may write; every other table must stay as it was. */
  writes: readonly Table[];
}

const PAGE_FORMS: PageForm[] = [
  { pattern: "/admin/login", schema: loginSchema, signedIn: false, writes: ["audit_log"] },
  { pattern: "/admin/setup", schema: setupSchema, signedIn: false, writes: [] },
  { pattern: "/admin/logout", schema: logoutSchema, signedIn: true, writes: ["audit_log"] },
  { pattern: "/track", schema: trackLookupSchema, signedIn: false, writes: [] },
  { pattern: "/hi/track", schema: trackLookupSchema, signedIn: false, writes: [] },
  { pattern: "/stop-updates", schema: stopLinkFormSchema, signedIn: false, writes: [] },
  { pattern: "/hi/stop-updates", schema: stopLinkFormSchema, signedIn: false, writes: [] },
  // A receipt is asked for with the same proof as /track, and is only read.
  { pattern: "/receipt", schema: trackLookupSchema, signedIn: false, writes: [] },
  { pattern: "/hi/receipt", schema: trackLookupSchema, signedIn: false, writes: [] },
  { pattern: "/receipt.pdf", schema: trackLookupSchema, signedIn: false, writes: [] },
  { pattern: "/admin/orders", schema: orderListActionSchema, signedIn: true, writes: ["orders", "audit_log"] },
  { pattern: "/admin/orders/:orderId", schema: orderPageActionSchema, signedIn: true, writes: ["orders", "audit_log"] },
  { pattern: "/admin/plans", schema: planActionSchema, signedIn: true, writes: ["plans", "audit_log"] },
  {
    pattern: "/admin/settings",
    schema: settingsActionSchema,
    signedIn: true,
    writes: ["settings", "panels", "audit_log"],
  },
  { pattern: "/admin/panels", schema: panelActionSchema, signedIn: true, writes: ["panels", "audit_log"] },
  { pattern: "/admin/complaints", schema: complaintActionSchema, signedIn: true, writes: ["complaints", "audit_log"] },
  { pattern: "/admin/coupons", schema: couponActionSchema, signedIn: true, writes: ["coupons", "audit_log"] },
  // Hostile values never hold the current password: only the refusal is audited.
  { pattern: "/admin/account", schema: accountActionSchema, signedIn: true, writes: ["audit_log"] },
  // The backup download asks for the current password too: only the refusal is audited.
  { pattern: "/admin/health", schema: healthActionSchema, signedIn: true, writes: ["audit_log"] },
  {
    pattern: "/admin/social-proof",
    schema: socialProofActionSchema,
    signedIn: true,
    writes: ["testimonials", "proof_cards", "audit_log"],
  },
  {
    pattern: "/admin/payments",
    schema: unmatchedActionSchema,
    signedIn: true,
    writes: ["orders", "payment_credits", "audit_log"],
  },
];

/**
 * Webhooks signed over their raw bytes: nothing in an unsigned body is read,
 * so they answer 401 before any parsing. Their own tests send signed hostile
 * corpora (payment-sms.test.ts, payment-razorpay-hostile.test.ts).
 */
const SIGNED_WEBHOOKS = [
  "/api/payments/sms-alert",
  "/api/payments/app-alert",
  "/api/payments/razorpay-webhook",
  "/api/alerts/telegram",
  "/api/whatsapp/webhook",
];

/** Every JSON endpoint that takes a request (with a body or not), by method and address. */
const JSON_ENDPOINTS: Array<{ method: string; pattern: string; keys: readonly string[] }> = [
  {
    method: "POST",
    pattern: "/api/create-order",
    keys: [...CREATE_ORDER_KEYS, "customerEmail", "whatsappUpdates", "locale", "couponCode"],
  },
  { method: "POST", pattern: "/api/coupons/quote", keys: ["planId", "code", "phone"] },
  { method: "POST", pattern: "/api/orders/:orderId/utr", keys: ["utr"] },
  { method: "POST", pattern: "/api/orders/:orderId/notifications", keys: ["phone", "subscription"] },
  { method: "DELETE", pattern: "/api/orders/:orderId/notifications", keys: ["phone", "endpoint"] },
  { method: "POST", pattern: "/api/orders/:orderId/gateway", keys: [] },
  {
    method: "POST",
    pattern: "/api/orders/:orderId/gateway/check",
    keys: ["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"],
  },
  ...API_ORDER_ACTIONS.map((action) => ({
    method: "POST",
    pattern: `/api/admin/orders/:id/${action}`,
    keys: ["unpaid", "reference", "byBuyer"],
  })),
  { method: "DELETE", pattern: "/api/admin/orders/:id", keys: [] },
  { method: "POST", pattern: "/api/admin/plans", keys: ["serviceType", "name", "amount", "price", "tags"] },
  { method: "PUT", pattern: "/api/admin/plans/:id", keys: ["name", "amount", "price", "tags"] },
  { method: "DELETE", pattern: "/api/admin/plans/:id", keys: [] },
  { method: "PATCH", pattern: "/api/admin/plans/:id/toggle", keys: [] },
  { method: "POST", pattern: "/api/admin/setting", keys: ["key", "value"] },
  { method: "DELETE", pattern: "/api/admin/delete-selected-data", keys: ["deleteOptions"] },
  { method: "DELETE", pattern: "/api/admin/delete-all-data", keys: [] },
  { method: "POST", pattern: "/api/admin/confirm-password", keys: ["password"] },
  { method: "POST", pattern: "/api/admin/payment-check", keys: ["intent", "accountId", "id"] },
  { method: "POST", pattern: "/api/admin/panel/update-profits", keys: [] },
  { method: "POST", pattern: "/api/admin/push-subscriptions", keys: ["endpoint", "keys", "expirationTime"] },
  { method: "DELETE", pattern: "/api/admin/push-subscriptions", keys: ["endpoint"] },
];

/** One intent of a page: its value (null for a form without one) and the fields its schema reads. */
function intentsOf(schema: z.ZodType): Array<{ intent: string | null; fields: string[] }> {
  const union = schema as unknown as { options?: Array<{ shape: Record<string, { value?: unknown }> }> };
  if (union.options) {
    return union.options.map((option) => ({
      intent: String(option.shape.intent!.value),
      fields: Object.keys(option.shape).filter((k) => k !== "intent"),
    }));
  }
  return [{ intent: null, fields: Object.keys((schema as unknown as { shape: object }).shape) }];
}

/** Every route in app/routes.ts with its URL pattern and module file. */
function routeFiles(entries: RouteConfigEntry[], parent = ""): Array<{ pattern: string; file: string }> {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent;
    return [{ pattern: pattern || "/", file: entry.file }, ...routeFiles(entry.children ?? [], pattern)];
  });
}
const WITH_ACTION = routeFiles(routes).filter(({ file }) =>
  /export (async )?function action\b|export const action\b/.test(readFileSync(`app/${file}`, "utf8")),
);

/** The characters no field may hold, in any field or key: NUL always, lone surrogates where JSON can carry them. */
const FORM_POISON = fc.constantFrom("\u0000", "a\u0000", "\u0000' OR 1=1 --");
const JSON_POISON = fc.constantFrom("\u0000", "x\u0000y", "\uD800", "a\uDFFFb", "\uDBFF");

const CASES = PAGE_FORMS.flatMap((page) =>
  intentsOf(page.schema).map(({ intent, fields }) => ({
    label: `${page.pattern}${intent === null ? "" : ` intent=${intent}`}`,
    page,
    intent,
    fields,
  })),
);

/** Submits that would carry out a real deletion of everything asked for: exercised only poisoned here. */
const DESTRUCTIVE = new Set(["delete-all", "delete-selected"]);

/**
 * Every intent of every page form and every JSON endpoint, on the real
 * production server: a body holding NUL (or, in JSON, a lone UTF-16
 * surrogate) anywhere, in a value or a key, is refused with 400 and changes
 * nothing, because every body is read by the one parse helper; and hostile
 * values under each intent never cause a 5xx or a change outside what that
 * intent may write.
 */
describe.each(testDatabases())("hostile input to every intent and endpoint on $name", (kind) => {
  let shop: HostileShop;
  let cookie = "";
  let orderId = "";
  let planId = 0;
  let client = 0;

  beforeAll(async () => {
    shop = await startShop(kind, {
      ...ADMIN_AND_PANEL,
      PANEL_TIMEOUT_MS: "2000",
      // Each request comes from its own address, so the per-address limits (order lookups, sign-in) never answer first.
      TRUST_PROXY: "1",
      HTTPS_REDIRECT: "false",
    });
    cookie = await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password);
    orderId = (await makeOrder(shop.db.db, { target: "hostile_intents" })).order_id;
    planId = (await shop.db.db.selectFrom("plans").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => shop?.stop());

  const address = () => `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client++ & 255}`;
  const pathOf = (pattern: string) =>
    pattern
      .replace(":orderId", orderId)
      .replace(":id/toggle", `${planId}/toggle`)
      .replace(/:id\b/, pattern.startsWith("/api/admin/plans") ? String(planId) : orderId);

  function formBody(fields: Array<[string, string]>, multipart: boolean): BodyInit {
    if (!multipart) return new URLSearchParams(fields);
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, v);
    return form;
  }

  /** Hostile values as a browser's form would carry them: lists as repeated fields, anything else as text. */
  function formFields(intent: string | null, values: Record<string, unknown>): Array<[string, string]> {
    const out: Array<[string, string]> = [];
    for (const [k, v] of Object.entries(values)) {
      if (Array.isArray(v)) for (const item of v) out.push([k, typeof item === "string" ? item : JSON.stringify(item)]);
      else out.push([k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]);
    }
    if (intent !== null) out.unshift(["intent", intent]);
    return out;
  }

  function poisonForm(fields: Array<[string, string]>, at: number, inKey: boolean, poison: string) {
    if (fields.length === 0) return [[inKey ? `x${poison}` : "x", inKey ? "x" : poison]] as Array<[string, string]>;
    return fields.map(([k, v], i): [string, string] =>
      i !== at % fields.length ? [k, v] : inKey ? [`${k}${poison}`, v] : [k, `${v}${poison}`],
    );
  }

  async function submitPage(
    page: PageForm,
    fields: Array<[string, string]>,
    { data, multipart, session }: { data: boolean; multipart: boolean; session: string },
  ): Promise<Answer & { label: string }> {
    const path = `${pathOf(page.pattern)}${data ? ".data" : ""}`;
    const answer = await send(`${shop.url}${path}`, {
      method: "POST",
      headers: {
        origin: shop.url,
        "x-forwarded-for": address(),
        ...(page.signedIn || page.pattern === "/admin/logout" ? { cookie: session } : {}),
      },
      body: formBody(fields, multipart),
    });
    return { ...answer, label: `POST ${path} ${JSON.stringify(fields)}`.slice(0, 400) };
  }

  const stillSignedIn = async () => (await send(`${shop.url}/api/admin/pulse`, { headers: { cookie } })).status === 200;

  it("finds every route with an action in app/routes.ts among the pages and endpoints covered here", () => {
    const covered = new Set([
      ...SIGNED_WEBHOOKS,
      ...PAGE_FORMS.map((p) => p.pattern),
      ...JSON_ENDPOINTS.map((e) =>
        e.pattern.replace(/\/(confirm-payment|place|retry|cancel|mark-refunded|update-profit)$/, "/:action"),
      ),
    ]);
    const uncovered = WITH_ACTION.map((r) => r.pattern).filter((p) => !covered.has(p));
    expect(uncovered).toEqual([]);
    expect(WITH_ACTION.length).toBeGreaterThanOrEqual(PAGE_FORMS.length + 10);
  });

  it.each(CASES)(
    "$label: NUL in any field or key is refused with 400, nothing changed",
    async ({ page, intent, fields }) => {
      await fc.assert(
        fc.asyncProperty(
          hostileObject(fields),
          fc.nat(),
          fc.boolean(),
          FORM_POISON,
          fc.boolean(),
          fc.boolean(),
          async (values, at, inKey, poison, data, multipart) => {
            const before = await snapshot(shop.db, TABLES);
            const fields = poisonForm(formFields(intent, values), at, inKey, poison);
            const answer = await submitPage(page, fields, { data, multipart, session: cookie });
            expectSafe(answer, answer.label);
            expect(answer.status, `${answer.label} → ${answer.text.slice(0, 200)}`).toBe(400);
            expect(await snapshot(shop.db, TABLES), answer.label).toEqual(before);
            if (page.pattern === "/admin/logout") expect(await stillSignedIn(), answer.label).toBe(true);
          },
        ),
        { ...RUNS, numRuns: 8 },
      );
    },
  );

  it.each(CASES.filter((c) => !DESTRUCTIVE.has(c.intent ?? "")))(
    "$label: hostile values never a 5xx, never a change outside what the intent writes",
    async ({ page, intent, fields }) => {
      const untouched = TABLES.filter((t) => !page.writes.includes(t));
      await fc.assert(
        fc.asyncProperty(hostileObject(fields), fc.boolean(), fc.boolean(), async (values, data, multipart) => {
          // Signing out ends the session it is sent with: give it one of its own.
          const session =
            page.pattern === "/admin/logout"
              ? await adminLogin(shop.url, TEST_ADMIN.username, TEST_ADMIN.password)
              : cookie;
          const before = await snapshot(shop.db, untouched);
          const answer = await submitPage(page, formFields(intent, values), { data, multipart, session });
          expectSafe(answer, answer.label);
          expect(await snapshot(shop.db, untouched), answer.label).toEqual(before);
        }),
        { ...RUNS, numRuns: page.pattern === "/admin/logout" ? 4 : 8 },
      );
    },
  );

  it.each(JSON_ENDPOINTS)(
    "$method $pattern: NUL or a lone surrogate in any value or key is refused with 400 JSON, nothing changed",
    async ({ method, pattern, keys }) => {
      await fc.assert(
        fc.asyncProperty(
          hostileObject(keys.length > 0 ? keys : ["x"]),
          fc.constantFrom(...(keys.length > 0 ? keys : ["x"])),
          fc.boolean(),
          JSON_POISON,
          async (values, key, inKey, poison) => {
            const body = inKey
              ? { ...values, [`${key}${poison}`]: "x" }
              : {
                  ...values,
                  [key]: `${typeof values[key] === "string" ? values[key] : (JSON.stringify(values[key]) ?? "")}${poison}`,
                };
            const text = JSON.stringify(body);
            const before = await snapshot(shop.db, TABLES);
            const path = pathOf(pattern);
            const answer = await send(`${shop.url}${path}`, {
              method,
              headers: { cookie, origin: shop.url, "content-type": "application/json", "x-forwarded-for": address() },
              body: text,
            });
            const label = `${method} ${path} ${text}`.slice(0, 400);
            // A body over the endpoint's size limit is refused as too large before it is read: also a refusal.
            expectJsonRefusal(answer, label, [400, 413]);
            expect(await snapshot(shop.db, TABLES), label).toEqual(before);
          },
        ),
        { ...RUNS, numRuns: 8 },
      );
    },
  );

  it("keeps the shop and the admin working after the barrage", async () => {
    expect(await stillSignedIn()).toBe(true);
    for (const path of ["/admin/orders", "/admin/plans", "/admin/settings", `/admin/orders/${orderId}`]) {
      expect((await send(`${shop.url}${path}`, { headers: { cookie } })).status, path).toBe(200);
    }
    expect((await send(`${shop.url}/followers`)).status).toBe(200);
    expect(shop.server.output()).not.toMatch(/\n\s+at\s/);
  });
});
