import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createRequire } from "node:module";
import { expect } from "./fixtures";

/**
 * The axe-core that @axe-core/playwright ships, injected only into a page that does not have it yet: a test
 * sweeps several states of one page, and a client-side navigation keeps it too. The builder would otherwise
 * parse its half-megabyte source again for every state.
 */
const AXE_SOURCE = (() => {
  const { source } = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as {
    source: string;
  };
  return `if (typeof window.axe?.run !== "function") {\n${source}\n}`;
})();

/** WCAG 2.1 level A and AA, the rules axe-core files under those tags. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Waits until the page has stopped changing: no DOM mutation and no finite
 * animation for 250 ms (5 s at most). A toast arrives a task after the state
 * that raised it and fades in over a few frames; axe must judge the colours
 * the user sees once it has settled, not a blend. Timers, not animation
 * frames, pace the check: a page that is not painting must not hang it.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const QUIET_MS = 250;
        const LIMIT_MS = 5000;
        const started = performance.now();
        let lastChange = started;
        const observer = new MutationObserver(() => (lastChange = performance.now()));
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const check = () => {
          const now = performance.now();
          const animating = document
            .getAnimations()
            .some((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity);
          if (animating) lastChange = now;
          if (now - lastChange >= QUIET_MS || now - started >= LIMIT_MS) {
            observer.disconnect();
            done();
          } else setTimeout(check, 20);
        };
        setTimeout(check, 20);
      }),
  );
}

/** Where an open modal dialog (a confirmation, a form, a date picker) or an open menu sits, for `within`. */
export const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';
export const OPEN_MENU = '[role="menu"]';

/**
 * What opening a dialog or menu changes outside it, by axe-core's categories: the accessibility tree (the rest
 * of the page hidden from assistive technology, focusable things left in it, the opener's expanded state and
 * the element it controls, names and roles) and ids (the dialog's own beside the page's).
 */
const OUTSIDE_CATEGORIES = ["cat.aria", "cat.name-role-value", "cat.parsing"];

type Scope = { within: string };

/**
 * Runs axe-core on the page as it is now (a dialog or menu open, a form
 * filled) and fails with one readable line per offending element: the rule,
 * the element's selector and what is wrong with it.
 *
 * `within` is for a dialog or menu opened on a page the same test has just
 * swept in the same state: every rule runs in the dialog, and on the rest of
 * the page only the rules whose answer the open dialog can change
 * (`OUTSIDE_CATEGORIES`); colours and structure behind a modal overlay are as
 * they were swept a moment before.
 */
export async function expectAccessible(page: Page, state: string, scope?: Scope): Promise<void> {
  await settled(page);
  const report = [...(await violations(page, scope ? { include: scope.within } : {}))];
  if (scope) report.push(...(await violations(page, { rules: await outsideRules(page) })));
  expect(report, `axe-core WCAG 2.1 AA violations: ${state}`).toEqual([]);
}

/** The WCAG 2.1 A and AA rules in `OUTSIDE_CATEGORIES`, as the injected axe-core lists them. */
async function outsideRules(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ tags, categories }) =>
      (window as unknown as { axe: { getRules(tags: string[]): Array<{ ruleId: string; tags: string[] }> } }).axe
        .getRules(tags)
        .filter((rule) => rule.tags.some((tag) => categories.includes(tag)))
        .map((rule) => rule.ruleId),
    { tags: WCAG_21_AA, categories: OUTSIDE_CATEGORIES },
  );
}

/** One axe-core run: the WCAG 2.1 AA rules (or only `rules`), on the page or only `include`. */
async function violations(page: Page, { include, rules }: { include?: string; rules?: string[] }): Promise<string[]> {
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
    // The page's own frame only, as it is (the shop's pages have no frames): no blank page opened per run to
    // merge the frames' partial results, a second or more each on a busy machine.
    .setLegacyMode(page.frames().length === 1)
    // axe-core 4.13 still files label-content-name-mismatch (WCAG 2.5.3, level A) as experimental, off by
    // default; later releases run it with the rest. Only the violations are read: axe then skips describing
    // every passing node, a large part of its time.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } }, resultTypes: ["violations"] });
  builder = rules ? builder.withRules(rules) : builder.withTags(WCAG_21_AA);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => {
      const summary = (n.failureSummary ?? v.help).replace(/\s*\n\s*/g, " ");
      return `${v.id} (${v.impact ?? "?"}) at ${n.target.join(" ")}: ${summary} [${v.helpUrl}]`;
    }),
  );
}
