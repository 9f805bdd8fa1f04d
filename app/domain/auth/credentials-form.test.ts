import { describe, expect, it } from "vitest";
import { adminCredentialsSchema } from "./credentials-form";

describe("the Admin Authentication form", () => {
  it("needs a new password of at least 10 characters, or none to keep the saved one", () => {
    const r = adminCredentialsSchema.safeParse({ username: "owner", currentPassword: "x", newPassword: "short" });
    expect(r.error?.issues[0]?.message).toBe("Password must be at least 10 characters");
    expect(adminCredentialsSchema.safeParse({ username: "owner", currentPassword: "x" }).success).toBe(true);
  });

  it("names the field to fix", () => {
    const r = adminCredentialsSchema.safeParse({ username: "a b", currentPassword: "" });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["username", "Username must be 3-64 letters, digits, dots, dashes or underscores"],
      ["currentPassword", "Current password is required"],
    ]);
  });
});
