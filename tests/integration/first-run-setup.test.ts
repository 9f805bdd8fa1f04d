import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type HostileShop, startShop } from "../support/hostile";
import { type TestShop, startTestShop } from "../support/test-shop";
import { TEST_ADMIN } from "../support/test-accounts";

const run = promisify(execFile);
const root = join(import.meta.dirname, "../..");

/** `npm run setup-link` against a shop's database, as the operator runs it beside `npm start`. */
async function setupLinkCommand(shop: TestShop) {
  const { target } = shop;
  const env = {
    ...process.env,
    DATABASE_URL: target.kind === "postgres" ? target.url : `file:${target.file}`,
    PORT: new URL(shop.url).port,
    LOG_LEVEL: "silent",
  };
  try {
    const { stdout, stderr } = await run(join(root, "node_modules/.bin/tsx"), ["scripts/setup-link.ts"], {
      cwd: root,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A fresh shop without ADMIN_USERNAME/ADMIN_PASSWORD, as the operator starts it the first time. */
describe.each(testDatabases())("the first-run setup link on $name", (kind) => {
  let shop: HostileShop;
  beforeAll(async () => {
    shop = await startShop(kind, { LOG_LEVEL: "info" });
  });
  afterAll(async () => shop?.stop());

  it("is printed as a full address in a plain block and in the JSON log, and leads to a notice on the login page", async () => {
    const port = new URL(shop.url).port;
    const pattern = new RegExp(`\\n {4}(http://localhost:${port}/admin/setup\\?token=[A-Za-z0-9_-]+)\\n`);
    // The server answers its health check as soon as it listens; its output reaches this process a moment later.
    const deadline = Date.now() + 10_000;
    while (!pattern.test(shop.server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const output = shop.server.output();
    const printed = pattern.exec(output);
    expect(printed, output).not.toBeNull();
    const link = printed![1]!;
    expect(output).toContain("No admin account yet. Open this link to create it (valid 24 hours, once):");
    expect(output).toContain(`"setupUrl":"${link}"`);

    const setupUrl = link.replace("localhost", "127.0.0.1");
    expect((await fetch(setupUrl)).status).toBe(200);
    for (const path of ["/", "/followers", "/nope", "/healthz"]) await fetch(`${shop.url}${path}`);

    // The link is the last thing printed: after the server says it listens, and with no line per request
    // (those are at debug; a summary comes at info once a minute).
    const after = shop.server.output();
    const listening = after.indexOf("shop listening on");
    const block = after.indexOf("No admin account yet. Open this link");
    expect(listening).toBeGreaterThan(-1);
    expect(block).toBeGreaterThan(listening);
    expect(after.slice(after.indexOf("Afterwards, sign in at /admin.")).trim()).toMatch(
      /^Afterwards, sign in at \/admin\. Lost this link\? `npm run setup-link` prints a new one\.\n=+$/,
    );
    expect(after).not.toContain('"msg":"request"');
    // The start-up warning names where this shop answers, not a fixed localhost:3000.
    expect(after).toContain(`The shop answers at http://localhost:${port} (PORT=${port}).`);
    const token = new URL(setupUrl).searchParams.get("token")!;
    const created = await fetch(`${shop.url}/admin/setup`, {
      method: "POST",
      headers: { origin: shop.url },
      body: new URLSearchParams({
        token,
        username: "owner",
        password: TEST_ADMIN.password,
        confirm: TEST_ADMIN.password,
      }),
      redirect: "manual",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin/login");
    const toast = (created.headers.get("set-cookie") ?? "").split(";")[0]!;
    const login = await (await fetch(`${shop.url}/admin/login`, { headers: { cookie: toast } })).text();
    expect(login).toContain("Admin account created. Please sign in.");
  });
});

/**
 * A start in a terminal (issue 45, point 12): `npm start` logs short lines a
 * person reads (LOG_FORMAT=pretty), and `npm run setup-link` prints the setup
 * link again once it scrolled away.
 */
describe.each(testDatabases())("the setup link printed again, and a readable start, on $name", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ engine: kind, admin: false, jobs: "off", env: { LOG_FORMAT: "pretty" } });
  });
  afterAll(async () => shop?.stop());

  it("logs short lines in a terminal, not JSON, with the setup block last", async () => {
    const deadline = Date.now() + 10_000;
    while (!shop.server.output().includes("Afterwards, sign in") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const lines = shop.server.output().split("\n").filter(Boolean);
    expect(
      lines.filter((l) => l.startsWith("{")),
      shop.server.output(),
    ).toEqual([]);
    expect(lines.some((l) => /^\d\d:\d\d:\d\d {2}shop listening on http:\/\/localhost:\d+$/.test(l))).toBe(true);
    expect(lines.some((l) => /^\d\d:\d\d:\d\d {2}WARN {2}no admin account yet: open http/.test(l))).toBe(true);
    expect(lines.at(-2)).toContain("npm run setup-link");
  });

  it("prints a new working link with `npm run setup-link`, and says when there is nothing to set up", async () => {
    const printed = await setupLinkCommand(shop);
    expect(printed.code, printed.stderr).toBe(0);
    const link = /\n {4}(http:\/\/localhost:\d+\/admin\/setup\?token=[\w-]+)\n/.exec(printed.stdout)?.[1];
    expect(link, printed.stdout).toBeDefined();
    expect(new URL(link!).port).toBe(new URL(shop.url).port);
    // The link opens the setup form (an unknown token is refused on the same page).
    const page = await (await fetch(link!.replace("localhost", "127.0.0.1"))).text();
    expect(page).not.toContain("This setup link is invalid or has already been used.");
    const created = await fetch(`${shop.url}/admin/setup`, {
      method: "POST",
      headers: { origin: shop.url },
      body: new URLSearchParams({
        token: new URL(link!).searchParams.get("token")!,
        username: "owner",
        password: TEST_ADMIN.password,
        confirm: TEST_ADMIN.password,
      }),
      redirect: "manual",
    });
    expect(created.headers.get("location")).toBe("/admin/login");

    const again = await setupLinkCommand(shop);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("The admin account exists already: sign in at /admin");
    expect(again.stdout).toBe("");
  });
});
