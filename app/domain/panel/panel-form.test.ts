import { describe, expect, it } from "vitest";
import { panelActionSchema } from "./panel-form";

describe("the Panels page's per-panel buttons", () => {
  it("refuse an id past the database's integer range with a message, not a server error", () => {
    // PostgreSQL's integer stops at 2147483647: a larger id once reached the query and answered 500.
    const result = panelActionSchema.safeParse({ intent: "make-default", id: "2147483648" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("That panel is no longer listed");
    expect(panelActionSchema.safeParse({ intent: "delete", id: "2147483647" }).success).toBe(true);
  });
});
