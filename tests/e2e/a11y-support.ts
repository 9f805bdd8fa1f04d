import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** WCAG 2.1 level A and AA, the rules axe-core files under those tags. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe-core on the page as it is now (a dialog or menu open, a form
 * filled) and fails with one readable line per offending element: the rule,
 * the element's selector and what is wrong with it.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // A toast or dialog still fading in has blended colours; judge what the user sees once it has settled.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // axe-core 4.13 still files label-content-name-mismatch (WCAG 2.5.3, level A) as experimental, off by default;
  // later releases run it with the rest.
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(WCAG_21_AA)
    .analyze();
  const report = violations.flatMap((v) =>
    v.nodes.map((n) => {
      const summary = (n.failureSummary ?? v.help).replace(/\s*\n\s*/g, " ");
      return `${v.id} (${v.impact ?? "?"}) at ${n.target.join(" ")}: ${summary} [${v.helpUrl}]`;
    }),
  );
  expect(report, `axe-core WCAG 2.1 AA violations: ${state}`).toEqual([]);
}
