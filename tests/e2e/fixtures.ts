import { type Page, test as base, expect } from "@playwright/test";

/** Collects a page's uncaught errors and CSP reports into `errors` (for pages a test opens itself, too). */
export function watchForErrors(page: Page, errors: string[]): void {
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy|Refused to/i.test(msg.text())) {
      errors.push(`csp: ${msg.text()}`);
    }
  });
}

/**
 * Every page fails its test if the browser reports a Content-Security-Policy
 * violation or an uncaught error: both mean something a buyer would hit.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      watchForErrors(page, errors);
      await use(errors);
      expect(errors, "errors reported by the browser").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * A screenshot of what the screen shows, in the test's output, to look at after a run. The viewport
 * only: a full-page shot of a long admin page on a phone took 7 s on a quiet machine and over 20 s in
 * CI, and pushed tests past their time limit.
 */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

export { expect };
