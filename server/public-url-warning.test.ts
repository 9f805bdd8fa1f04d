import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { warnAboutPublicBaseUrl } from "./public-url-warning";

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

describe("the start-up warning about the public address", () => {
  it("warns in production about a local or plain-HTTP address, naming where it comes from", async () => {
    const { logger, lines } = capture();
    expect(
      warnAboutPublicBaseUrl(logger, { nodeEnv: "production", publicBaseUrl: "http://localhost:3000", fromEnv: false }),
    ).toBe(true);
    expect(
      warnAboutPublicBaseUrl(logger, { nodeEnv: "production", publicBaseUrl: "http://shop.example", fromEnv: true }),
    ).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.level, l.source, l.publicBaseUrl])).toEqual([
      [40, "setting", "http://localhost:3000"],
      [40, "PUBLIC_BASE_URL", "http://shop.example"],
    ]);
    expect(lines[0]!.msg).toContain("The Public Base URL is http://localhost:3000");
    expect(lines[1]!.msg).toContain("PUBLIC_BASE_URL in the server's environment is http://shop.example");
  });

  it("stays quiet for an https address, and outside production", () => {
    const { logger } = capture();
    const https = { nodeEnv: "production", publicBaseUrl: "https://shop.example", fromEnv: true };
    expect(warnAboutPublicBaseUrl(logger, https)).toBe(false);
    expect(
      warnAboutPublicBaseUrl(logger, { ...https, nodeEnv: "development", publicBaseUrl: "http://localhost" }),
    ).toBe(false);
  });
});
