import { describe, expect, it } from "vitest";
import {
  CURRENT_PASSWORD_NEEDED,
  PASSWORDS_DIFFER,
  PASSWORD_RULE,
  USERNAME_RULE,
  accountActionSchema,
  setupSchema,
} from "./rules";

const problems = (input: unknown) => {
  const parsed = accountActionSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("My Account's forms", () => {
  it("ask a new username by the setup form's rule, with the current password", () => {
    expect(accountActionSchema.parse({ intent: "username", username: " shop.owner ", currentPassword: "x" })).toEqual({
      intent: "username",
      username: "shop.owner",
      currentPassword: "x",
    });
    expect(problems({ intent: "username", username: "no spaces", currentPassword: "x" })).toEqual([
      ["username", USERNAME_RULE],
    ]);
    expect(problems({ intent: "username", username: "owner", currentPassword: "" })).toEqual([
      ["currentPassword", CURRENT_PASSWORD_NEEDED],
    ]);
    // The same field as setup's: what one refuses, the other does.
    expect(
      setupSchema.safeParse({ token: "t", username: "no spaces", password: "x".repeat(10), confirm: "x".repeat(10) })
        .success,
    ).toBe(false);
  });

  it("ask a new password as setup does, repeated", () => {
    const ok = { intent: "password", currentPassword: "old", password: "x".repeat(10), confirm: "x".repeat(10) };
    expect(problems(ok)).toEqual([]);
    expect(problems({ ...ok, password: "short", confirm: "short" })).toEqual([["password", PASSWORD_RULE]]);
    expect(problems({ ...ok, confirm: "y".repeat(10) })).toEqual([["confirm", PASSWORDS_DIFFER]]);
    expect(problems({ ...ok, intent: "email" })).toEqual([["intent", "Unknown action"]]);
  });
});
