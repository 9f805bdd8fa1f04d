import type { Page } from "@playwright/test";
import { en } from "~/locales/en";
import { hi } from "~/locales/hi";
import { expect, shot, test } from "./fixtures";
import { hydrated } from "./storefront-support";

/**
 * A buyer on slow 3G (issue 45, point 7): "Buy Now" answers at once, and
 * between "Processing..." and the QR the order form never shows itself again
 * ("Proceed to Pay" flashed back for about 1.5 s). The network is Chrome
 * DevTools' "Slow 3G" preset, set through the DevTools protocol
 * (Network.emulateNetworkConditions: 2 s latency, 400 kbit/s each way), on a
 * 390×844 phone screen, in English and Hindi.
 */
test.beforeAll(({}, info) => {
  test.skip(info.project.name !== "mobile", "the slow connection is a phone's");
});

/** DevTools' "Slow 3G": 400 ms round trips × 5 and 500 kbit/s × 0.8, as its network panel sets them. */
const SLOW_3G = { offline: false, latency: 2_000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
}

/**
 * Records, from the moment it is installed, every change of what the buyer
 * sees: the order dialog's button text, a pending "opening" state, and the
 * checkout's amount. Read back with `seen(page)`.
 */
async function watch(page: Page) {
  await page.evaluate(() => {
    const log: string[] = [];
    const clock = { tap: 0, answer: 0 };
    Object.assign(window, { __seen: log, __clock: clock });
    document.addEventListener("click", () => (clock.tap ||= performance.now()), { capture: true });
    const note = () => {
      if (clock.tap && !clock.answer && document.querySelector("[data-testid=order-dialog-pending], [role=dialog]")) {
        clock.answer = performance.now();
      }
      const state = [
        document.querySelector("[data-testid=order-dialog-pending]") ? "pending" : "",
        document.querySelector("[role=dialog] button[type=submit]")?.textContent ?? "",
        document.querySelector("[data-testid=amount]") ? "checkout" : "",
      ].join("|");
      if (log.at(-1) !== state) log.push(state);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    note();
  });
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);

for (const { code, prefix, texts } of [
  { code: "en", prefix: "", texts: en },
  { code: "hi", prefix: "/hi", texts: hi },
] as const) {
  test(`${code}: on slow 3G, Buy Now answers at once and the QR follows "Processing" without the form flashing back`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await throttle(page);
    await page.goto(`${prefix}/followers?username=priya.creates`, { timeout: 60_000 });
    await hydrated(page);
    await watch(page);

    await page.getByRole("button", { name: /Starter Followers/ }).click();
    // Something answers the tap in the page's next render, whatever the network does (it took the
    // dialog's code about 2 s to arrive): measured in the page, from the click to the answer on screen.
    await expect(page.getByTestId("order-dialog-pending").or(page.getByRole("dialog"))).toBeVisible();
    const clock = await page.evaluate(
      () => (window as unknown as { __clock: { tap: number; answer: number } }).__clock,
    );
    expect(clock.answer - clock.tap).toBeLessThan(300);

    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel(texts.order.dialog.name)).toBeVisible({ timeout: 30_000 });
    await dialog.getByLabel(texts.order.dialog.name).fill("Priya Sharma");
    await dialog.getByLabel(texts.order.dialog.phone).fill("98765 43210");
    await dialog.getByRole("checkbox").click();
    await dialog.getByRole("button", { name: texts.order.dialog.submit }).click();
    await expect(dialog.getByRole("button", { name: texts.order.dialog.submitting })).toBeVisible({ timeout: 500 });
    await expect(page.getByTestId("amount")).toBeVisible({ timeout: 60_000 });
    await shot(page, `${code}-slow-3g-checkout`);

    // From "Processing..." on, the form's own button never came back before the checkout showed.
    const states = await seen(page);
    const processing = states.findIndex((s) => s.includes(texts.order.dialog.submitting));
    expect(processing, states.join("\n")).toBeGreaterThan(-1);
    const after = states.slice(processing);
    expect(
      after.filter((s) => s.includes(`|${texts.order.dialog.submit}|`)),
      states.join("\n"),
    ).toEqual([]);
  });
}
