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

const at4405 = { listeningUrl: "http://localhost:4405", port: 4405 };

describe("the start-up warning about the public address", () => {
  it("warns in production about a local or plain-HTTP address, naming where it comes from and where the shop answers", async () => {
    const { logger, lines } = capture();
    expect(
      warnAboutPublicBaseUrl(logger, {
        nodeEnv: "production",
        publicBaseUrl: "http://localhost:3000",
        fromEnv: false,
        ...at4405,
      }),
    ).toBe(true);
    expect(
      warnAboutPublicBaseUrl(logger, {
        nodeEnv: "production",
        publicBaseUrl: "http://shop.example",
        fromEnv: true,
        ...at4405,
      }),
    ).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.level, l.source, l.publicBaseUrl, l.listeningUrl])).toEqual([
      [40, "setting", "http://localhost:3000", "http://localhost:4405"],
      [40, "PUBLIC_BASE_URL", "http://shop.example", "http://localhost:4405"],
    ]);
    // Not a fixed localhost:3000 as if it were the shop's address: the real one, and PORT, are named.
    expect(lines[0]!.msg).toBe(
      "public address is not ready for real buyers: PUBLIC_BASE_URL is not set and the Public Base URL setting is http://localhost:3000 (its default): links, canonicals, the sitemap and link previews use it. The shop answers at http://localhost:4405 (PORT=4405). Set PUBLIC_BASE_URL, or the Public Base URL in Admin → Settings, to your https:// address.",
    );
    expect(lines[1]!.msg).toContain("PUBLIC_BASE_URL is http://shop.example, not an https:// address");
    expect(lines[1]!.msg).toContain("The shop answers at http://localhost:4405 (PORT=4405).");
  });

  it("stays quiet for an https address, and outside production", () => {
    const { logger } = capture();
    const https = { nodeEnv: "production", publicBaseUrl: "https://shop.example", fromEnv: true, ...at4405 };
    expect(warnAboutPublicBaseUrl(logger, https)).toBe(false);
    expect(
      warnAboutPublicBaseUrl(logger, { ...https, nodeEnv: "development", publicBaseUrl: "http://localhost" }),
    ).toBe(false);
  });
});
