import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type TestShop, startTestShop } from "../support/test-shop";

/** The `request` lines (LOG_LEVEL=debug) in the server's output, oldest first. */
function requestLines(output: string): Array<Record<string, unknown>> {
  return output
    .split("\n")
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function until<T>(read: () => T | undefined, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * One front door (ADR 0021): whichever part answers (the page cache, the hot
 * status poll, a language redirect, Express and React Router), the operator's
 * access log has one line for it with the same fields, and the answer carries
 * the shop's security headers.
 */
describe.each(testDatabases())("the front door on $name", (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ engine, env: { LOG_LEVEL: "debug" }, signIn: false });
  }, 60_000);
  afterAll(async () => {
    await shop?.stop();
  });

  const answers: Array<[path: string, init: RequestInit, door: string]> = [
    ["/followers", {}, "page-cache"],
    ["/api/order-status?orderId=ORD-NOPE", {}, "hot"],
    ["/", { headers: { cookie: "lang=hi" }, redirect: "manual" }, "language-redirect"],
    ["/checkout", {}, "app"],
    ["/healthz", {}, "app"],
  ];

  it.each(answers)("logs %s once, with the same fields as every answer, naming its door", async (path, init, door) => {
    const bare = path.split("?")[0];
    const linesFor = () => requestLines(shop.server.output()).filter((l) => l.path === bare);
    // The page cache's first request renders the page; the second is the cached copy. The first one's
    // line is written when its connection closes, which may come after the client has read it: wait for it.
    if (door === "page-cache") {
      const seen = linesFor().length;
      await (await fetch(`${shop.url}${path}`)).arrayBuffer();
      await until(() => (linesFor().length > seen ? true : undefined));
    }
    const before = requestLines(shop.server.output()).length;
    const res = await fetch(`${shop.url}${path}`, init);
    await res.arrayBuffer();
    const line = await until(() =>
      requestLines(shop.server.output())
        .slice(before)
        .find((l) => l.path === bare),
    );
    expect(
      Object.keys(line)
        .filter((k) => !["level", "time", "pid", "hostname", "msg"].includes(k))
        .sort(),
    ).toEqual(["complete", "door", "method", "ms", "path", "status"]);
    expect(line).toMatchObject({ method: "GET", status: res.status, door, complete: true });
    expect(
      requestLines(shop.server.output())
        .slice(before)
        .filter((l) => l.path === bare),
    ).toHaveLength(1);

    // Every door sends the shop's security headers.
    expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
    expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
  });
});
