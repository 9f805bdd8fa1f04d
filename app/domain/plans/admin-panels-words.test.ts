import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NO_PANEL_MESSAGE } from "~/domain/panel/connection.server";
import { WAIT_ADVICE } from "~/domain/panel/failures";
import { SUPPORT_MESSAGES } from "./plan-support";

/**
 * The panels are records on Admin → Panels (ADR 0024): no message may still
 * send the operator to Settings for a panel's URL, key, services or rate
 * (issue 45 point 11, issue 49 point 8).
 */
const FOLDERS = [
  "app/domain/panel",
  "app/domain/fulfilment",
  "app/domain/plans",
  "app/components/admin/plans",
  "app/components/admin/panels",
  "app/components/admin/orders",
];
const STALE = /(service id|services|API URL|API key|URL and API key|rupee rate|INR rate)[^"`\n]{0,40}in Settings/i;

describe("where the operator is sent for a panel's settings", () => {
  it("is Admin → Panels in the messages the operator reads", () => {
    expect(WAIT_ADVICE.address).toContain("Admin → Panels");
    expect(WAIT_ADVICE.account).toContain("Admin → Panels");
    expect(NO_PANEL_MESSAGE).toContain("Admin → Panels");
    expect(SUPPORT_MESSAGES.refill).toContain("Admin → Panels");
    expect(SUPPORT_MESSAGES.dripfeed).toContain("Admin → Panels");
  });

  it("is never Settings, in any message of the panel, fulfilment and plans code or their admin screens", () => {
    const stale = FOLDERS.flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".test.ts"))
        .flatMap((name) =>
          readFileSync(join(folder, name), "utf8")
            .split("\n")
            .map((line, i) => ({ at: `${folder}/${name}:${i + 1}`, line }))
            .filter(({ line }) => STALE.test(line)),
        ),
    );
    expect(stale).toEqual([]);
  });
});
