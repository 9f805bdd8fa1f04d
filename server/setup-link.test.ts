import { describe, expect, it } from "vitest";
import { createLogger } from "~/lib/server/logger.server";
import { announceSetupLink, setupLinkUrl } from "./setup-link";

describe("the first-run setup link", () => {
  it("is a full address: the listening one, or the shop's public address once it has one", () => {
    const path = "/admin/setup?token=abc";
    expect(setupLinkUrl(path, "http://localhost:3000", "http://localhost:3000")).toBe(
      "http://localhost:3000/admin/setup?token=abc",
    );
    // The default base URL names port 3000; the link follows the port the server really listens on.
    expect(setupLinkUrl(path, "http://localhost:4100", "http://localhost:3000")).toBe(
      "http://localhost:4100/admin/setup?token=abc",
    );
    expect(setupLinkUrl(path, "http://localhost:3000", "https://shop.example/")).toBe(
      "https://shop.example/admin/setup?token=abc",
    );
  });

  it("is printed as a plain block beside the log line", () => {
    let printed = "";
    announceSetupLink(createLogger("silent"), "http://localhost:3000/admin/setup?token=abc", (t) => (printed += t));
    expect(printed).toContain("\n    http://localhost:3000/admin/setup?token=abc\n");
    expect(printed).toContain("No admin account yet");
    expect(printed).toContain("/admin");
  });
});
