import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type HostileShop, startShop } from "../support/hostile";

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
      /^Afterwards, sign in at \/admin\.\n=+$/,
    );
    expect(after).not.toContain('"msg":"request"');
    // The start-up warning names where this shop answers, not a fixed localhost:3000.
    expect(after).toContain(`The shop answers at http://localhost:${port} (PORT=${port}).`);
    const token = new URL(setupUrl).searchParams.get("token")!;
    const created = await fetch(`${shop.url}/admin/setup`, {
      method: "POST",
      headers: { origin: shop.url },
      body: new URLSearchParams({ token, username: "owner", password: "a-long-password", confirm: "a-long-password" }),
      redirect: "manual",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin/login");
    const toast = (created.headers.get("set-cookie") ?? "").split(";")[0]!;
    const login = await (await fetch(`${shop.url}/admin/login`, { headers: { cookie: toast } })).text();
    expect(login).toContain("Admin account created. Please sign in.");
  });
});
