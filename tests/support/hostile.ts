import { createHash } from "node:crypto";
import fc from "fast-check";
import { expect } from "vitest";
import type { DatabaseHandle } from "~/db/database.server";
import type { TestDatabase } from "./databases";
import type { ServerProcess } from "./server-process";
import { startTestShop } from "./test-shop";
import { TEST_ADMIN_ENV } from "./test-accounts";

/** Inputs attackers and broken clients actually send: SQL, markup, odd Unicode, odd numbers. */
export const PAYLOADS = [
  "' OR 1=1 --",
  '"; drop table orders; --',
  "1; DROP TABLE plans",
  "' UNION SELECT password_hash, username FROM admin_users --",
  "%' or '%'='",
  "\\",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}${7*7}",
  "__proto__",
  "constructor",
  "../../../../etc/passwd",
  "..%2F..%2Fshop.db",
  "\u0000",
  "a\u0000b",
  "\u202Egnp.exe",
  "مرحبا بالعالم",
  "שלום",
  "👨‍👩‍👧‍👦🇮🇳🙂",
  "e\u0301\u0301\u0301\u0301",
  "Z̷̢͉̈́a̸͍̓l̵̢̈́g̸̱̈o̴̘͝",
  "\uD800",
  "x\uDFFFy",
  "\uFEFF\u200B",
  "\r\nSet-Cookie: admin_session=evil",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "9007199254740993",
  "null",
  "[]",
  "{}",
  " ",
  "",
] as const;

const SPECIAL_CHARS = [
  "\u0000",
  "\u0001",
  "\u001F",
  "\u007F",
  "\uD800",
  "\uDBFF",
  "\uDC00",
  "\u0301",
  "\u202E",
  "\u200F",
  "'",
  '"',
  "<",
  ">",
  "&",
  "%",
  "\\",
  "/",
  ";",
  "-",
  "\n",
  "🙂",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...PAYLOADS), weight: 4 },
  { arbitrary: fc.string({ unit: fc.constantFrom(...SPECIAL_CHARS), maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 60 }), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...PAYLOADS), fc.string({ maxLength: 10 }), fc.constantFrom(...PAYLOADS))
      .map((p) => p.join("")),
    weight: 2,
  },
  // Longer than any field allows, still well under the body limits.
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...PAYLOADS), fc.integer({ min: 200, max: 3000 }))
      .map(([p, n]) => (p || "x").repeat(n).slice(0, n)),
    weight: 1,
  },
);

/** Any JSON value where a string or number was expected: wrong types, extremes, nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  { arbitrary: fc.constantFrom(-1, 0, 1.5, -0, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31, Number.MIN_VALUE), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.constantFrom(true, false, null), weight: 1 },
  { arbitrary: fc.array(hostileString, { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }), weight: 1 },
);

/** A JSON object with some of the expected keys set to hostile values, and extra keys. */
export function hostileObject(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const shape = Object.fromEntries(keys.map((k) => [k, hostileValue]));
  return fc
    .tuple(
      fc.record(shape, { requiredKeys: [] }),
      fc.dictionary(
        fc.constantFrom("__proto__", "constructor", "prototype", "toString", "id", "status"),
        hostileValue,
        { maxKeys: 2 },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** Raw request body text: hostile objects, non-objects, broken and deeply nested JSON. */
export function hostileJsonText(keys: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: hostileObject(keys).map((o) => JSON.stringify(o)), weight: 6 },
    { arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? "null"), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        "",
        "{",
        '{"a":',
        "{'a':1}",
        "[1,2",
        "\u0000",
        "undefined",
        "NaN",
        '{"__proto__":{"admin":true}}',
        "[".repeat(5000) + "]".repeat(5000),
        '{"a":'.repeat(2000) + "1" + "}".repeat(2000),
      ),
      weight: 2,
    },
  );
}

/**
 * A path segment as a hostile client would put it on the wire: percent-encoded
 * payloads, and raw malformed escapes that a decoder may choke on.
 */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  // "." and ".." are resolved away by the URL parser before sending, so they would name another route.
  // Capped at 4 KB on the wire: Node refuses an address past its 16 KB header limit with 431 before
  // any route runs (tested on its own in hostile-public), which would hide what the route does.
  {
    arbitrary: hostileString
      .filter((s) => s.length > 0 && s !== "." && s !== "..")
      .map(encodeSegment)
      .filter((s) => s.length <= 4096),
    weight: 5,
  },
  {
    arbitrary: fc.constantFrom(
      "%",
      "%E0%A4%A",
      "%ZZ",
      "%00",
      "%ED%A0%80",
      "%C0%AF",
      "..%2F..%2Fshop.db",
      "BK%00",
      "%23BK0000000000",
      "%F0%9F%99%82",
      "%20",
      "%2F",
    ),
    weight: 3,
  },
);

/** encodeURIComponent, but lone surrogates (which it refuses) become U+FFFD like a browser sends them. */
export function encodeSegment(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}

/** A query string (URLSearchParams turns lone surrogates into U+FFFD, as browsers do). */
export function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}

/** A test's own shop: a fresh database of the given kind, the real server on it, a direct handle to the same database. */
export interface HostileShop {
  server: ServerProcess;
  db: DatabaseHandle;
  url: string;
  stop(): Promise<void>;
}

/**
 * The shop of tests/support/test-shop.ts with only what `env` asks for (no admin unless
 * ADMIN_USERNAME and ADMIN_PASSWORD are given, none signed in). New tests: call `startTestShop`.
 */
export async function startShop(kind: TestDatabase, env: Record<string, string> = {}): Promise<HostileShop> {
  const shop = await startTestShop({ engine: kind, env, admin: false, jobs: "off" });
  return { server: shop.server, db: shop.db, url: shop.url, stop: () => shop.stop() };
}

/** The fields of a buyer's order (POST /api/create-order) that hostile bodies fill. */
export const CREATE_ORDER_KEYS = [
  "planId",
  "username",
  "postLink",
  "target",
  "customerName",
  "customerPhone",
  "agreedToTerms",
  "idempotencyKey",
] as const;

/** A shop with its admin account made at start-up and the demo SMM panel running beside it. */
export const ADMIN_AND_PANEL = {
  ...TEST_ADMIN_ENV,
  PANEL_SIMULATOR: "true",
  PANEL_SIMULATOR_PORT: "0",
} as const;

/** Signs in over HTTP as a browser without JavaScript would; returns the session cookie. */
export async function adminLogin(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  expect(cookie, `sign-in answered ${res.status}`).toMatch(/^admin_session=.+/);
  return cookie;
}

export type Table =
  | "orders"
  | "plans"
  | "settings"
  | "audit_log"
  | "admin_users"
  | "payment_credits"
  | "testimonials"
  | "proof_cards"
  | "panels"
  | "complaints"
  | "coupons";
const ORDER_BY: Record<Table, string> = {
  orders: "id",
  testimonials: "id",
  proof_cards: "id",
  payment_credits: "id",
  plans: "id",
  settings: "key",
  audit_log: "id",
  admin_users: "id",
  panels: "id",
  complaints: "id",
  coupons: "id",
};

/**
 * Columns that record what the shop last saw rather than what anyone set: a
 * page showing a panel's balance (Health, Settings, Panels) records it as it
 * goes, so they stay out of the "nothing changed" checksum.
 */
const OBSERVED: Partial<Record<Table, readonly string[]>> = {
  panels: ["balance", "balance_currency", "balance_checked_at"],
};

/** Row counts and a checksum of every row of the tables a request could corrupt. */
export async function snapshot(
  db: DatabaseHandle,
  tables: readonly Table[] = ["orders", "plans", "settings", "audit_log", "admin_users"],
) {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = await db.db
      .selectFrom(table)
      .selectAll()
      .orderBy(ORDER_BY[table] as never)
      .execute();
    const observed = OBSERVED[table] ?? [];
    const kept = rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !observed.includes(column))),
    );
    out[table] = `${rows.length}:${createHash("sha256").update(JSON.stringify(kept)).digest("hex").slice(0, 16)}`;
  }
  return out;
}

/** Internal detail that must never reach a client. */
const LEAKS = [
  /\n\s+at\s+\S/, // stack frame
  /\bat\s+[\w.<>]+\s+\((?:file:|node:|\/)/, // "at fn (/path:1:2)"
  /node_modules/,
  /SqliteError|SQLITE_/,
  /syntax error at/i,
  /\bERR_[A-Z_]{4,}/,
  /invalid byte sequence/i,
  /(?:\/work|\/home|\/tmp|\/usr)\/\S+\.(?:ts|js|mjs)/,
  /\.(?:ts|js):\d+:\d+/,
  /duplicate key|violates .* constraint|UNIQUE constraint/i,
];

export function expectNoLeak(body: string, fullLabel: string) {
  const label = fullLabel.slice(0, 300);
  for (const pattern of LEAKS) expect(body, `${label}: leaks ${pattern}`).not.toMatch(pattern);
}

export interface Answer {
  status: number;
  type: string;
  text: string;
  json?: { success?: unknown; message?: unknown } & Record<string, unknown>;
}

/** Sends one request and reads the whole answer; a network error fails the test with the request named. */
export async function send(url: string, init: RequestInit & { label?: string } = {}): Promise<Answer> {
  const res = await fetch(url, { redirect: "manual", ...init });
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  let json: Answer["json"];
  if (type.includes("application/json")) {
    try {
      json = JSON.parse(text) as Answer["json"];
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, type, text, json };
}

/** Never a 5xx, never internal detail. */
export function expectSafe(answer: Answer, fullLabel: string) {
  const label = fullLabel.slice(0, 300);
  expect(answer.status, `${label} → ${answer.status}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expectNoLeak(answer.text, label);
}

/** A JSON endpoint's refusal: 4xx and `{ success: false, message }` with a short human message. */
export function expectJsonRefusal(
  answer: Answer,
  fullLabel: string,
  statuses: number[] = [400, 404, 405, 409, 413, 415, 431],
) {
  const label = fullLabel.slice(0, 300);
  expectSafe(answer, label);
  expect(statuses, `${label} → ${answer.status}: ${answer.text.slice(0, 300)}`).toContain(answer.status);
  expect(answer.type, label).toMatch(/application\/json/);
  expect(answer.json?.success, label).toBe(false);
  const message = answer.json?.message;
  expect(typeof message, label).toBe("string");
  expect((message as string).length, `${label}: message ${JSON.stringify(message)}`).toBeGreaterThan(3);
  expect((message as string).length, `${label}: message too long`).toBeLessThan(200);
}

/** Whether an answer is a JSON refusal (for endpoints where some hostile input is legitimately accepted). */
export function isRefusal(answer: Answer): boolean {
  return answer.status >= 400 && answer.status < 500;
}

/** Fails with a short report: the seed to replay, the (cut) counterexample and the assertion. */
function shortReport<T>(details: fc.RunDetails<T>) {
  if (!details.failed) return;
  const example = (JSON.stringify(details.counterexample) ?? "").slice(0, 500);
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Property failed (seed ${details.seed}, path "${details.counterexamplePath}") on ${example}\n${error.slice(0, 1500)}`,
  );
}

/** A failure's seed and path, given back as FC_SEED and FC_PATH, replay exactly that counterexample. */
const REPLAY = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {};

/** Bounded runs: every endpoint gets the same budget, and a failure names its seed. */
export const RUNS = { numRuns: 40, endOnFailure: true, reporter: shortReport, ...REPLAY } as const;

export const TWO_MB = "a".repeat(2 * 1024 * 1024);
