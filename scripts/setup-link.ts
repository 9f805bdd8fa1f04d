import { migrateToLatest } from "~/db/migrate.server";
import { adminExists, issueSetupToken } from "~/domain/auth/setup.server";
import { environmentOverrides, readSiteSettings } from "~/domain/settings/settings.server";
import { setupLinkBlock, setupLinkUrl } from "../server/setup-link";
import { openConfiguredDatabase } from "./cli";

/**
 * `npm run setup-link`: prints the first-run setup link again, for an operator
 * whose terminal scrolled it away (issue 45). The link's token is kept only as
 * a hash, so this issues a new one (valid 24 hours, once, like the first);
 * earlier links stay valid until they are used or run out. The address is the
 * shop's Public Base URL once it has one, else where `npm start` listens
 * (PORT, HOST). Exit 0 with the link; 1 when an admin account exists already
 * (then there is nothing to set up: sign in at /admin).
 */
const { config, database } = await openConfiguredDatabase();
try {
  await migrateToLatest(database.db, database.dialect);
  if (await adminExists(database.db)) {
    console.error("The admin account exists already: sign in at /admin (My Account changes the password).");
    process.exitCode = 1;
  } else {
    const settings = { ...(await readSiteSettings(database.db)), ...environmentOverrides(config) };
    const host = config.HOST === "0.0.0.0" || config.HOST === "127.0.0.1" ? "localhost" : config.HOST;
    const listening = `http://${host}:${config.PORT || 3000}`;
    const url = setupLinkUrl(
      `/admin/setup?token=${await issueSetupToken(database.db)}`,
      listening,
      settings.publicBaseUrl,
    );
    process.stdout.write(setupLinkBlock(url));
  }
} finally {
  await database.close();
}
