import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PLACEHOLDER_UPI_ID, SETTINGS } from "~/domain/settings/registry";

const clientDir = join(process.env.BUILD_DIR ?? "build", "client");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * What the browser downloads must hold no server-only code or secret: the
 * storefront's model shipped admin credentials in its bundle.
 */
describe("client bundle", () => {
  const bundle = files(clientDir)
    .filter((f) => /\.(js|css|html|json|map)$/.test(f))
    .map((f) => ({ file: f, text: readFileSync(f, "utf8") }));

  it("was built", () => {
    expect(bundle.length).toBeGreaterThan(0);
  });

  it.each([
    ["database code", /better-sqlite3|pg_advisory|admin_sessions|password_hash/],
    ["password hashing", /scrypt\$/],
    ["the panel API key setting", new RegExp(SETTINGS.panelApiKey.key)],
    ["admin credentials from the environment", /ADMIN_PASSWORD|ADMIN_USERNAME/],
    ["a debug page", /test-env/],
  ])("contains no %s", (_what, pattern) => {
    const leaks = bundle.filter((b) => pattern.test(b.text)).map((b) => b.file);
    expect(leaks).toEqual([]);
  });

  it("does not embed site settings values (they are read on the server)", () => {
    const leaks = bundle.filter((b) => b.text.includes(PLACEHOLDER_UPI_ID)).map((b) => b.file);
    expect(leaks).toEqual([]);
  });
});
