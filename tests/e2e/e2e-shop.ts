import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Where Playwright's web server (playwright.config.ts) runs the shared shop: its port, and its folder
 * (database and backups) in the temporary folder, which `npm test` puts on a RAM disk (ADR 0028).
 * Imported by the config and by the specs that read the shared database, so all agree.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_DIR = join(tmpdir(), `shop-e2e-${E2E_PORT}`);
/** The database of Playwright's web server. */
export const E2E_DB = join(E2E_DIR, "shop.db");
