import { createHash } from "node:crypto";
import type { AppServices } from "~/context";
import type { DB } from "~/db/database.server";
import { isPasswordChecksBusy, verifyPassword } from "~/domain/auth/password.server";
import { DEMO_PANEL_KEY } from "~/domain/panel/simulator/panel";
import { getPanelBalance } from "~/domain/panel/info.server";
import { findDefaultPanel } from "~/domain/panel/panels.repository.server";
import { mailboxSettings } from "~/domain/payments/mail/mailbox-store.server";
import { listAccounts } from "~/domain/receiving-accounts/accounts.repository.server";
import { offeredAccounts } from "~/domain/payments/accounts/choose.server";
import { smsSecretStatus } from "~/domain/payments/payment-settings.server";
import { missingClientAddress } from "~/lib/server/proxy-address.server";
import { type PanelReach, type UnsafeDefault, listUnsafeDefaults } from "~/domain/settings/unsafe-defaults";

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

/** How long an answer about the panel holds: a working panel is asked again every 5 minutes, a silent one sooner. */
const REACHABLE_FOR_MS = 5 * 60_000;
const UNREACHABLE_FOR_MS = 30_000;
/** How long a page waits for a first answer about newly saved panel settings before it is shown without one. */
const FIRST_ANSWER_WAIT_MS = 2_000;

const panelAnswers = new Map<string, { reach: PanelReach; at: number }>();
const asking = new Map<string, Promise<void>>();

/**
 * Whether the panel in the settings answers a balance call, asked in the
 * background at most every few minutes per URL and key (never on every page),
 * so the banner keeps its panel line while the panel cannot be reached.
 * Undefined while nothing is known yet.
 */
async function panelReach(
  services: Pick<AppServices, "db" | "config" | "demoPanelUrl">,
  site: { panelUrl: string; panelApiKey: string },
  now = Date.now(),
): Promise<PanelReach | undefined> {
  const url = site.panelUrl.trim();
  const key = site.panelApiKey.trim();
  if (!url || !key || key === DEMO_PANEL_KEY) return undefined;
  const id = `${url}\u0000${createHash("sha256").update(key).digest("hex")}`;
  const known = panelAnswers.get(id);
  const stale = !known || now - known.at > (known.reach.reachable ? REACHABLE_FOR_MS : UNREACHABLE_FOR_MS);
  if (stale && !asking.has(id)) {
    const ask = getPanelBalance(services)
      .then(
        (balance): PanelReach => (balance.ok ? { reachable: true } : { reachable: false, reason: balance.message }),
        (error: unknown): PanelReach => ({ reachable: false, reason: (error as Error).message }),
      )
      .then((reach) => {
        if (panelAnswers.size > 20) panelAnswers.clear();
        panelAnswers.set(id, { reach, at: Date.now() });
      })
      .finally(() => asking.delete(id));
    asking.set(id, ask);
  }
  if (!known) {
    await Promise.race([asking.get(id), new Promise((resolve) => setTimeout(resolve, FIRST_ANSWER_WAIT_MS).unref())]);
  }
  return panelAnswers.get(id)?.reach;
}

/** The unsafe defaults of this shop as it runs now, for the banners above every admin page. */
export async function unsafeDefaults(
  services: Pick<AppServices, "db" | "settings" | "config" | "demoPanelUrl">,
): Promise<UnsafeDefault[]> {
  const [settings, panel, fromEnv, mailbox, accounts, sms] = await Promise.all([
    services.settings.get(),
    findDefaultPanel(services.db),
    adminPasswordFromEnv(services.db, services.config.ADMIN_PASSWORD),
    mailboxSettings(services.db),
    listAccounts(services.db),
    smsSecretStatus(services.db),
  ]);
  const site = { ...settings, panelUrl: panel?.api_url ?? "", panelApiKey: panel?.api_key ?? "" };
  const simulated = services.demoPanelUrl !== undefined && site.panelApiKey.trim() === DEMO_PANEL_KEY;
  return listUnsafeDefaults({
    panelReach: simulated ? undefined : await panelReach(services, site),
    // What new checkouts show: the receiving accounts, not one setting.
    upiId: offeredAccounts(accounts)[0]?.upi_id ?? "",
    panelUrl: site.panelUrl,
    panelApiKey: site.panelApiKey,
    publicBaseUrl: site.publicBaseUrl,
    publicBaseUrlFromEnv: Boolean(services.config.PUBLIC_BASE_URL),
    grievanceOfficerName: site.grievanceOfficerName,
    demoPanelUrl: services.demoPanelUrl,
    demoPanelKey: DEMO_PANEL_KEY,
    adminPasswordFromEnv: fromEnv,
    emailAlertsWithoutAddress: mailbox.enabled && mailbox.recipients.length === 0,
    proxyWithoutClientAddress: services.config.TRUST_PROXY > 0 && missingClientAddress() !== null,
    alertsWithoutAccountDigits: (sms.configured || mailbox.enabled) && !accounts.some((a) => a.account_digits),
  });
}
