import { mkdirSync } from "node:fs";
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
 * A screenshot of what the screen shows, to look at after a run: kept only when SHOTS_DIR names a folder
 * (`SHOTS_DIR=shots npx playwright test`), as `<name>-390x844.png` or `<name>-1280x800.png`. The suite
 * takes none: a hundred screenshots cost Chromium CPU that no assertion reads. The viewport only, unless
 * asked: a full-page shot of a long admin page on a phone took 7 s on a quiet machine and over 20 s in CI.
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: `${dir}/${name}-${width}x${height}.png`, fullPage: options.fullPage ?? false });
}

export { expect };
