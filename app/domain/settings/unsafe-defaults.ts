import { LEGACY_GRIEVANCE_OFFICER_DEFAULTS, PLACEHOLDER_GRIEVANCE_OFFICER, PLACEHOLDER_UPI_ID } from "./registry";

/** A setting a fresh shop ships with that must not face real buyers, and where the operator fixes it. */
export interface UnsafeDefault {
  id:
    | "upi-placeholder"
    | "panel-simulator"
    | "panel-unreachable"
    | "public-base-url"
    | "grievance-officer-placeholder"
    | "admin-password-env"
    | "email-alert-address"
    | "proxy-client-address"
    | "account-digits";
  message: string;
  /** The page (a Settings card, or My Account) that fixes it. */
  href: string;
  linkLabel: string;
}

export interface UnsafeDefaultsInput {
  /** The UPI ID new checkouts show: the shop's receiving accounts' first not paused (the placeholder only alone); "" when none. */
  upiId: string;
  panelUrl: string;
  panelApiKey: string;
  /** The effective public address: PUBLIC_BASE_URL from the environment when set, else the setting. */
  publicBaseUrl: string;
  /** The address comes from PUBLIC_BASE_URL, so the Settings field cannot change it. */
  publicBaseUrlFromEnv?: boolean;
  /** Absent: not checked (callers that only care about the other items). */
  grievanceOfficerName?: string;
  /** Where the demo panel simulator of this process listens, when it runs. */
  demoPanelUrl?: string;
  demoPanelKey: string;
  /** The admin's password is still ADMIN_PASSWORD from the environment. */
  adminPasswordFromEnv: boolean;
  /** Bank e-mail alerts are read, but no alert address is set: they confirm nothing. Absent: not checked. */
  emailAlertsWithoutAddress?: boolean;
  /** TRUST_PROXY is set, yet requests came in the last hour without X-Forwarded-For: every visitor is the proxy. */
  proxyWithoutClientAddress?: boolean;
  /** An alert source is set up (SMS or e-mail), but no receiving account has its last digits: alerts confirm nothing. */
  alertsWithoutAccountDigits?: boolean;
  /** Whether the panel in the settings answered when last asked; absent: not known (yet). */
  panelReach?: PanelReach;
}

/** The last answer of the panel in the settings to a balance call, or why there was none. */
export type PanelReach = { reachable: true } | { reachable: false; reason: string };

export const SETTINGS_ANCHORS = {
  payment: "/admin/settings#payment-settings",
  /** The receiving accounts (migration 0040) are records on Admin → Payments. */
  accounts: "/admin/payments#accounts-title",
  /** SMM panels are records on Admin → Panels (ADR 0024); the default one is what these lines are about. */
  smm: "/admin/panels",
  store: "/admin/settings#store-settings",
  bankEmail: "/admin/settings#bank-email-alerts",
} as const;

/** Where the operator sees what the server noticed about itself. */
export const HEALTH_PATH = "/admin/health";

/** Where the operator changes their own password. */
export const ACCOUNT_PATH = "/admin/account";

/** The seeded placeholder, or a fictional name an earlier version seeded. */
export function isPlaceholderGrievanceOfficer(name: string): boolean {
  const clean = name.trim().toLowerCase();
  return [PLACEHOLDER_GRIEVANCE_OFFICER, ...LEGACY_GRIEVANCE_OFFICER_DEFAULTS].some((p) => p.toLowerCase() === clean);
}

export function isPlaceholderUpiId(upiId: string): boolean {
  return upiId.trim().toLowerCase() === PLACEHOLDER_UPI_ID;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value.trim());
  } catch {
    return null;
  }
}

/** True for this machine's own address (or no address at all): a shop still being tried out. */
export function isLocalBaseUrl(value: string): boolean {
  const url = parseUrl(value);
  return !url || LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost");
}

/** True for an address buyers cannot reach, or reach without TLS. */
export function isUnsafePublicBaseUrl(value: string): boolean {
  return isLocalBaseUrl(value) || parseUrl(value)!.protocol !== "https:";
}

/** What is wrong with a local or plain-HTTP public address, and who can change it. */
export function publicBaseUrlProblem(url: string, fromEnv = false): string {
  const shown = url.trim() || "empty";
  return fromEnv
    ? `PUBLIC_BASE_URL in the server's environment is ${shown}: links, canonicals, the sitemap and link previews need your https:// address. Change it where the server is deployed; the Settings field does not apply while it is set.`
    : `The Public Base URL is ${shown}: links, canonicals, the sitemap and link previews need your https:// address.`;
}

function unsafePublicBaseUrl(url: string, fromEnv = false): UnsafeDefault {
  return {
    id: "public-base-url",
    message: publicBaseUrlProblem(url, fromEnv),
    href: SETTINGS_ANCHORS.store,
    linkLabel: fromEnv ? "See the Public Base URL" : "Set the Public Base URL",
  };
}

/** Every default still in place that a real shop must change, in the order the operator should fix them. */
export function listUnsafeDefaults(input: UnsafeDefaultsInput): UnsafeDefault[] {
  const found: UnsafeDefault[] = [];
  if (input.upiId.trim() === "") {
    found.push({
      id: "upi-placeholder",
      message: "No receiving account takes checkouts (none, or every one paused): buyers cannot pay you.",
      href: SETTINGS_ANCHORS.accounts,
      linkLabel: "Check your receiving accounts",
    });
  } else if (isPlaceholderUpiId(input.upiId)) {
    found.push({
      id: "upi-placeholder",
      message: `Payments go to the placeholder UPI ID ${PLACEHOLDER_UPI_ID}: buyers cannot pay you.`,
      href: SETTINGS_ANCHORS.accounts,
      linkLabel: "Set your UPI ID",
    });
  }
  const simulated =
    input.demoPanelUrl !== undefined &&
    (sameOrigin(input.panelUrl, input.demoPanelUrl) || input.panelApiKey.trim() === input.demoPanelKey);
  if (simulated) {
    found.push({
      id: "panel-simulator",
      message: "Orders go to the demo SMM panel simulator: nothing is delivered.",
      href: SETTINGS_ANCHORS.smm,
      linkLabel: "Connect your SMM panel",
    });
  } else {
    const problem = panelProblem(input);
    if (problem) {
      found.push({
        id: "panel-unreachable",
        message: problem,
        href: SETTINGS_ANCHORS.smm,
        linkLabel: "Check your SMM panel",
      });
    }
  }
  if (isUnsafePublicBaseUrl(input.publicBaseUrl))
    found.push(unsafePublicBaseUrl(input.publicBaseUrl, input.publicBaseUrlFromEnv));
  if (input.grievanceOfficerName !== undefined && isPlaceholderGrievanceOfficer(input.grievanceOfficerName)) {
    found.push({
      id: "grievance-officer-placeholder",
      message: `The grievance officer on the policy pages is "${input.grievanceOfficerName.trim()}", a placeholder: name the real person buyers can complain to.`,
      href: SETTINGS_ANCHORS.store,
      linkLabel: "Name the grievance officer",
    });
  }
  if (input.emailAlertsWithoutAddress) {
    found.push({
      id: "email-alert-address",
      message:
        "Bank e-mail alerts are read, but no alert address is set: they confirm no payment until you name the address your bank writes to (a bank alert about someone else's account, sent on to your mailbox, would otherwise pass for yours).",
      href: SETTINGS_ANCHORS.bankEmail,
      linkLabel: "Set the alert address",
    });
  }
  if (input.proxyWithoutClientAddress) {
    found.push({
      id: "proxy-client-address",
      message:
        "Requests reach the shop through the proxy without X-Forwarded-For: every visitor counts as the proxy, so one stranger's wrong passwords lock you out and all buyers share one order limit. Make the proxy send the client's address.",
      href: HEALTH_PATH,
      linkLabel: "See Health",
    });
  }
  if (input.alertsWithoutAccountDigits) {
    found.push({
      id: "account-digits",
      message:
        "Payment alerts are set up, but no receiving account has its last digits: alerts confirm no payment until you enter the digits your bank's alerts print (an alert about someone else's account must never pay your orders).",
      href: SETTINGS_ANCHORS.accounts,
      linkLabel: "Enter your account's digits",
    });
  }
  if (input.adminPasswordFromEnv) {
    found.push({
      id: "admin-password-env",
      message: "The admin password is still ADMIN_PASSWORD from the environment.",
      href: ACCOUNT_PATH,
      linkLabel: "Change the admin password",
    });
  }
  return found;
}

/**
 * The panel line stays until a panel answers: no panel set, the demo's
 * settings left behind without the demo simulator (PANEL_SIMULATOR turned
 * off, or it could not start), or a panel that did not answer when last asked.
 */
function panelProblem(input: UnsafeDefaultsInput): string | null {
  const url = input.panelUrl.trim();
  const key = input.panelApiKey.trim();
  if (!url || !key) return "No SMM panel is connected: paid orders cannot be sent for delivery.";
  if (key === input.demoPanelKey) {
    return "The SMM panel settings are still the demo simulator's, which is not running: paid orders cannot be sent for delivery.";
  }
  if (input.panelReach && !input.panelReach.reachable) {
    const host = parseUrl(url)?.host ?? url;
    const reason = input.panelReach.reason.trim().replace(/\.$/, "");
    return `The SMM panel at ${host} does not answer (${reason}). Paid orders wait until it does.`;
  }
  return null;
}
