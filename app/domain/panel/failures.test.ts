import { describe, expect, it } from "vitest";
import { classifyPanelError, fallsBack } from "./failures";

/** Error texts as the panels send them (sources in failures.ts), and what each means for the order. */
describe("what a panel's error means", () => {
  it.each([
    // Nothing placed; it may work later: the order waits.
    ["Not enough funds on balance", "unavailable", "funds"],
    ["neworder.error.not_enough_funds", "unavailable", "funds"],
    ["Order amount exceeds available funds!", "unavailable", "funds"],
    ["There was an error processing your request. Please try again later", "unavailable", "busy"],
    ["The panel is under maintenance", "unavailable", "busy"],
    ["Too many requests", "unavailable", "busy"],
    ["You have active order with this link. Please wait until order being completed.", "unavailable", "busy"],
    ["neworder.error.link_duplicate", "unavailable", "busy"],
    ["Invalid API key", "unavailable", "account"],
    ["API is Disable for this user or User Not Found! Contact the Support", "unavailable", "account"],
    // A definite refusal of this order: the operator decides.
    ["Incorrect link", "refused", "link"],
    ["Bad Link", "refused", "link"],
    ["neworder.error.invalid_link", "refused", "link"],
    ["Quantity less than minimal 200", "refused", "quantity"],
    ["Total quantity must to be greater than or equal to minimum amount 100", "refused", "quantity"],
    ["neworder.error.max_quantity", "refused", "quantity"],
    ["Incorrect service ID", "refused", "service"],
    ["Service ID does not exists", "refused", "service"],
    ["neworder.error.service_inactive", "refused", "service"],
    ["Service is out of stock", "refused", "service"],
    ["Sold out", "refused", "service"],
    ["Incorrect request", "refused", "other"],
    ["Invalid Interval in minutes", "refused", "other"],
  ])("%s → %s (%s)", (text, kind, reason) => {
    expect(classifyPanelError(text)).toEqual({ kind, reason });
  });
});

describe("when a plan's fallback is tried (ADR 0026)", () => {
  it("after a definite no for this service or for funds, never after an unknown outcome", () => {
    expect(fallsBack(classifyPanelError("neworder.error.not_enough_funds"))).toBe(true);
    expect(fallsBack(classifyPanelError("Not enough funds on balance"))).toBe(true);
    expect(fallsBack(classifyPanelError("neworder.error.service_inactive"))).toBe(true);
    expect(fallsBack(classifyPanelError("Service is out of stock"))).toBe(true);
    expect(fallsBack(classifyPanelError("neworder.error.invalid_link"))).toBe(false);
    expect(fallsBack(classifyPanelError("Quantity less than minimal 50"))).toBe(false);
    expect(fallsBack(classifyPanelError("Invalid API key"))).toBe(false);
    expect(fallsBack({ kind: "unknown", reason: "unknown" })).toBe(false);
    expect(fallsBack({ kind: "unavailable", reason: "down" })).toBe(false);
  });
});
