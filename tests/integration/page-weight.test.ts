import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, spawnServer } from "../support/server-process";

/**
 * What a phone downloads before the home page works: its HTML (hydration data,
 * inline drawings and repeated lists add up) in one piece.
 */
describe("page weight", () => {
  let dir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "shop-weight-"));
    server = await spawnServer({ DATABASE_URL: `file:${join(dir, "shop.db")}`, JOBS_ENABLED: "false" });
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the home page's HTML within 80 KB uncompressed", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(80 * 1024);
  });
});
