import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { checkAlerts, parseCheckInput } from "~/domain/payments/reader/check-alerts";

/** `npm run alerts -- check FILE`: the shop's own reader over a file, one JSON object on stdout. */

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const tsx = join(root, "node_modules/.bin/tsx");
const dir = mkdtempSync(join(tmpdir(), "alerts-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(tsx, ["scripts/alerts.ts", ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("npm run alerts -- check", () => {
  it("prints exactly what the shop's reader reads, item by item", async () => {
    const file = join(dir, "alerts.json");
    const alerts = [
      {
        sender: "JD-HDFCBK-S",
        text: "Credit Alert! Rs.348.97 credited to HDFC Bank A/c XX1234 on 01-10-26 from VPA a@okicici (UPI 412345678901)",
      },
      { sender: "VM-HDFCBX", text: "Credit Alert! Rs.348.97 credited to HDFC Bank A/c XX1234 (UPI 412345678901)" },
      { channel: "email", bank: "HDFC", text: "Rs.2500.00 has been debited from A/c **1234 on 07-01-26." },
    ];
    writeFileSync(file, JSON.stringify(alerts));
    const { code, stdout } = await cli("check", file);
    expect(code).toBe(0);
    expect(stdout.endsWith("\n")).toBe(true);
    const printed = JSON.parse(stdout) as { items: Record<string, unknown>[] };
    expect(printed.items[0]).toEqual({ index: 0, credit: true, amount: 348.97, utr: "412345678901", reason: null });
    expect(printed.items[1]).toMatchObject({ index: 1, credit: false, amount: null, utr: null });
    expect(printed.items[1]!.reason).toMatch(/looks like HDFC Bank's HDFCBK/);
    expect(printed.items[2]).toMatchObject({ index: 2, credit: false, amount: null, utr: null });
    expect(printed.items[2]!.reason).toMatch(/debited/);
    const input = parseCheckInput(alerts);
    expect(input.ok && printed).toEqual(input.ok && checkAlerts(input.items));
  }, 60_000);

  it("says how to use it, and refuses a file that is not an array of alerts", async () => {
    const usage = await cli("chek");
    expect([usage.code, usage.stdout]).toEqual([2, ""]);
    expect(usage.stderr).toMatch(/Usage/);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify([{ sender: "VM-HDFCBK" }]));
    const noText = await cli("check", bad);
    expect(noText.code).toBe(1);
    expect(noText.stderr).toMatch(/Item 0 has no "text"/);
    writeFileSync(bad, "{not json");
    const notJson = await cli("check", bad);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/Cannot read/);
  }, 60_000);
});
