import type { Locator, Page } from "@playwright/test";
import { E2E_PORT, withDb } from "./admin-support";
import { expect } from "./fixtures";
import { INERT_MODULE_TYPE } from "~/lib/page-handle";

/** The links of the site header: the desktop bar, or the mobile menu after opening it. */
export async function openNav(page: Page, isMobile: boolean): Promise<Locator> {
  if (!isMobile) return page.getByRole("navigation", { name: "Main" });
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  return menu;
}

/** Distance from the bottom of the sticky bar to the top of an element, once scrolling has settled. */
export async function expectScrolledUnderBar(page: Page, id: string) {
  await expect
    .poll(
      () =>
        page.evaluate((sectionId) => {
          const bar = document.getElementById("site-header")?.getBoundingClientRect().bottom;
          const top = document.getElementById(sectionId)?.getBoundingClientRect().top;
          // While the new page is still rendering the section may not exist yet.
          return bar === undefined || top === undefined ? Infinity : Math.round(Math.abs(top - bar));
        }, id),
      { timeout: 5_000, message: `#${id} should sit just below the navigation bar` },
    )
    .toBeLessThanOrEqual(2);
}

/** A real finger swipe on touch devices (mobile project), a mouse drag on desktop. */
export async function swipeLeft(page: Page, target: Locator, isMobile: boolean) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const from = box.x + box.width * 0.8;
  const to = box.x + box.width * 0.15;
  const steps = 6;
  // A finger lands once the slide has stopped moving.
  await expect(target.locator("xpath=ancestor::*[@data-settled][1]")).toHaveAttribute("data-settled", "true");
  if (isMobile) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
    for (let i = 1; i <= steps; i++) {
      const x = from + ((to - from) * i) / steps;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
      await page.waitForTimeout(16);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(from, y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) {
      await page.mouse.move(from + ((to - from) * i) / steps, y);
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
  }
}

/**
 * Waits until the page's behaviour is in place, so clicks reach their handlers:
 * React has hydrated it, or on a static page its one script has run (ADR 0010);
 * a page that starts React on intent is given one first (ADR 0011).
 */
export async function hydrated(page: Page) {
  // A page whose React waits for the visitor (ADR 0011) gets what a visitor gives first: a key press.
  const waiting = await page.evaluate(
    (type) => !document.documentElement.dataset.interactive && !!document.querySelector(`script[type="${type}"]`),
    INERT_MODULE_TYPE,
  );
  if (waiting) await page.keyboard.press("Shift");
  await page.waitForFunction(() => document.documentElement.dataset.interactive === "true");
}

/**
 * The shared e2e shop runs in production, where the shipped samples are never
 * shown: give it published testimonials (8, in three languages) and proof
 * cards (3) of its own, once, whichever spec asks first.
 */
export async function publishHomeSocialProof(): Promise<void> {
  const languages = ["en", "hi", "hinglish", "en", "hi", "hinglish", "en", "en"];
  const types = ["followers", "likes", "views"];
  withDb((db) =>
    db
      .transaction(() => {
        const { n } = db.prepare("select count(*) as n from testimonials where name like 'E2E buyer %'").get() as {
          n: number;
        };
        if (n > 0) return;
        const now = Date.now();
        const testimonial = db.prepare(`insert into testimonials (name, handle, content, rating, given_on, language,
          published, created_at, updated_at) values (?, ?, ?, 5, '2026-09-01', ?, 1, ?, ?)`);
        languages.forEach((language, i) =>
          testimonial.run(
            `E2E buyer ${i + 1}`,
            `@e2e_buyer_${i + 1}`,
            `Test testimonial ${i + 1}.`,
            language,
            now,
            now,
          ),
        );
        const card = db.prepare(`insert into proof_cards (service_type, title, description, before_label, before_value,
          after_label, after_value, stats, verified, published, created_at, updated_at)
          values (?, ?, 'A test result.', 'Before', '100', 'After', '600', '[{"label":"Package","value":"500"}]', 1, 1, ?, ?)`);
        types.forEach((type, i) => card.run(type, `E2E result ${i + 1}`, now, now));
        // As the admin's writes do: the shop serves / from memory until the generation moves.
        db.prepare("update public_pages_generation set generation = generation + 1 where id = 1").run();
      })
      .immediate(),
  );
  // Every instance looks at the generation about once a second.
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${E2E_PORT}/`)).text(), { timeout: 5_000 })
    .toContain("E2E result 1");
}
