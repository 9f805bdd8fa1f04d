import { describe, expect, it } from "vitest";
import { fieldMessage, formMessage } from "./refusal";

const wrong = { ok: false as const, message: "Current password is incorrect", field: "currentPassword" };
const busy = { ok: false as const, message: "Try again in a few seconds.", field: null };

describe("My Account's refusals", () => {
  it("shows a refusal under the field it names, and the browser's own check before it", () => {
    expect(fieldMessage(wrong, "currentPassword", undefined)).toBe("Current password is incorrect");
    expect(fieldMessage(wrong, "password", undefined)).toBeUndefined();
    expect(fieldMessage(wrong, "currentPassword", ["Enter your current password"])).toBe("Enter your current password");
    expect(fieldMessage({ ok: true }, "currentPassword", undefined)).toBeUndefined();
    expect(fieldMessage(undefined, "currentPassword", undefined)).toBeUndefined();
  });

  it("shows under the form only a refusal that names none of its fields", () => {
    const fields = ["username", "currentPassword"];
    expect(formMessage(wrong, fields)).toBeUndefined();
    expect(formMessage(busy, fields)).toBe("Try again in a few seconds.");
    expect(formMessage({ ...wrong, field: "confirm" }, fields)).toBe("Current password is incorrect");
    expect(formMessage({ ok: true }, fields)).toBeUndefined();
  });
});
