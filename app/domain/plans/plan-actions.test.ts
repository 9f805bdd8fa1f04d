import { describe, expect, it } from "vitest";
import type { DB } from "~/db/database.server";
import { runPlanAction } from "./plan-actions.server";

describe("plan actions", () => {
  it("refuses a plan id no plan can have before touching the database", async () => {
    const untouchable = new Proxy(
      {},
      {
        get: () => {
          throw new Error("the database was queried");
        },
      },
    ) as DB;
    for (const id of ["2147483648", "0", "-1", "1.5", "abc"]) {
      const result = await runPlanAction(untouchable, "owner", { intent: "delete", id });
      expect(result.ok, id).toBe(false);
    }
  });
});
