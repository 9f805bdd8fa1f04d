import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { isPasswordChecksBusy, verifyPassword } from "~/domain/auth/password.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import { mailboxSettings } from "~/domain/payments/mail/mailbox-store.server";
import { type UnsafeDefault, listUnsafeDefaults } from "./unsafe-defaults";

/**
 * The seed keeps only a scrypt hash of ADMIN_PASSWORD, and the audit masks
 * whether a credentials change set a new password, so the one sure answer to
 * "is it still the password from the environment?" is to check that password
 * against the stored hash. A hash never changes meaning, so each is checked
 * once per process and remembered.
 */
const checked = new Map<string, boolean>();

async function adminPasswordFromEnv(db: DB, envPassword: string | undefined): Promise<boolean> {
  if (!envPassword) return false;
  const admin = await db.selectFrom("admin_users").select("password_hash").orderBy("id").executeTakeFirst();
  if (!admin) return false;
  const key = `${admin.password_hash}\u0000${envPassword}`;
  const known = checked.get(key);
  if (known !== undefined) return known;
  try {
    const same = await verifyPassword(envPassword, admin.password_hash);
    if (checked.size > 20) checked.clear();
    checked.set(key, same);
    return same;
  } catch (error) {
    // Sign-ins come first: while every password check is taken, ask again on the next page.
    if (isPasswordChecksBusy(error)) return false;
    throw error;
  }
}

/** The unsafe defaults of this shop as it runs now, for the banners above every admin page. */
export async function unsafeDefaults(
  services: Pick<AppServices, "db" | "settings" | "config" | "demoPanelUrl">,
): Promise<UnsafeDefault[]> {
  const [site, fromEnv, mailbox] = await Promise.all([
    services.settings.get(),
    adminPasswordFromEnv(services.db, services.config.ADMIN_PASSWORD),
    mailboxSettings(services.db),
  ]);
  return listUnsafeDefaults({
    upiId: site.upiId,
    panelUrl: site.panelUrl,
    panelApiKey: site.panelApiKey,
    publicBaseUrl: site.publicBaseUrl,
    publicBaseUrlFromEnv: Boolean(services.config.PUBLIC_BASE_URL),
    grievanceOfficerName: site.grievanceOfficerName,
    demoPanelUrl: services.demoPanelUrl,
    demoPanelKey: DEMO_PANEL_KEY,
    adminPasswordFromEnv: fromEnv,
    emailAlertsWithoutAddress: mailbox.enabled && mailbox.recipients.length === 0,
  });
}
