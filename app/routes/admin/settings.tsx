import type { Route } from "./+types/settings";
import { adminTitle } from "~/routes/admin/title";
import { OperatorAlertsCard } from "~/components/admin/settings/operator-alerts-card";
import { BackupsCard } from "~/components/admin/settings/backups-card";
import { BuyerMessagesCard } from "~/components/admin/settings/buyer-messages-card";
import { isBuyerMessageAction } from "~/domain/buyer-messages/settings-actions";
import { runBuyerMessageAction } from "~/domain/buyer-messages/settings-actions.server";
import { buyerMessageSettingsView } from "~/domain/buyer-messages/settings.server";
import { CredentialsCard } from "~/components/admin/settings/credentials-card";
import { DangerZone } from "~/components/admin/settings/danger-zone";
import { PasswordAgainProvider } from "~/components/admin/password-again";
import { GatewayCard } from "~/components/admin/settings/gateway-card";
import { MailboxCard } from "~/components/admin/settings/mailbox-card";
import { AppAlertsCard } from "~/components/admin/settings/app-alerts-card";
import { PaymentAlertsCard } from "~/components/admin/settings/payment-alerts-card";
import { PaymentCheckCard } from "~/components/admin/settings/payment-check-card";
import { PanelsMoved } from "~/components/admin/settings/panels-moved";
import { SettingsCard } from "~/components/admin/settings/settings-card";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { servicesContext } from "~/context";
import { runAlertAction } from "~/domain/operator-alerts/alert-settings-actions.server";
import { isAlertAction } from "~/domain/operator-alerts/alert-settings-actions";
import { alertSettingsView } from "~/domain/operator-alerts/alert-settings.server";
import { isCredentialsAction, runCredentialsAction } from "~/domain/auth/credentials-actions.server";
import { requireAdmin } from "~/domain/auth/guard.server";
import { hasRecentPassword, passwordAgainError } from "~/domain/auth/recent-password.server";
import { listBackups } from "~/domain/backups/backup.server";
import { isDangerZoneAction } from "~/domain/backups/danger-zone-actions";
import { runDangerZoneAction } from "~/domain/backups/danger-zone-actions.server";
import { withContents } from "~/domain/backups/restore.server";
import { isPaymentAlertAction } from "~/domain/payments/alerts-settings-actions";
import { runPaymentAlertsAction } from "~/domain/payments/alerts-settings-actions.server";
import { isGatewayAction } from "~/domain/payments/gateway-settings-actions";
import { runGatewayAction } from "~/domain/payments/gateway-settings-actions.server";
import { gatewaySettings, gatewaySettingsView } from "~/domain/payments/gateways/gateway-settings.server";
import { mailboxStatus } from "~/domain/payments/mail/mailbox-store.server";
import { isMailboxAction } from "~/domain/payments/mailbox-settings-actions";
import { runMailboxAction } from "~/domain/payments/mailbox-settings-actions.server";
import { appAlertStatus, customTemplates, smsSecretStatus } from "~/domain/payments/payment-settings.server";
import { listAddedHeaders } from "~/domain/payments/sender-headers.server";
import { smsGatewayStatus } from "~/domain/payments/sms-gateway/connect.server";
import { settingsForAdmin } from "~/domain/settings/admin.server";
import { backupSchedule, feeSettings, paymentSettings, storeSettings, taxSettings } from "~/domain/settings/cards";
import { needsRecentPassword } from "~/domain/settings/sensitive-actions";
import { runSiteSettingsAction } from "~/domain/settings/settings-actions.server";
import { formAction, formFailure, parseForm } from "~/lib/server/parse.server";
import { withRetryAfter } from "~/lib/server/retry-after";
import { requestClient } from "~/routes/request-client.server";
import { HIDDEN_FIELDS, SENSITIVE, settingsActionSchema } from "./settings-intents";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Settings") }];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, config } = context.get(servicesContext);
  const [settings, backups, sms, templates, gateway, mailbox, alerts, apps, headers, buyerMessages] = await Promise.all(
    [
      settingsForAdmin(db),
      listBackups(config.BACKUP_DIR).then((list) => withContents(config.BACKUP_DIR, list)),
      Promise.all([smsSecretStatus(db), smsGatewayStatus(db)]).then(([secret, gateway]) => ({ ...secret, gateway })),
      customTemplates(db),
      gatewaySettings(db).then(gatewaySettingsView),
      mailboxStatus(db),
      alertSettingsView(db),
      appAlertStatus(db),
      listAddedHeaders(db),
      buyerMessageSettingsView(db, config),
    ],
  );
  return {
    settings,
    // PUBLIC_BASE_URL wins over the stored setting; the form still edits the stored one.
    publicBaseUrl: { effective: config.PUBLIC_BASE_URL ?? settings.publicBaseUrl, fromEnv: config.PUBLIC_BASE_URL },
    username: admin.username,
    backups,
    paymentAlerts: { sms, templates: templates.inputs, headers, apps },
    gateway,
    mailbox,
    alerts,
    buyerMessages,
  };
}

/** Passes on the action's Retry-After when it refuses an attempt with 429. */
export const headers: Route.HeadersFunction = withRetryAfter;

/** Each card's intent goes to the feature the card belongs to (settings-intents.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, settingsActionSchema);
  if (submission.status !== "success") return formFailure(submission, { hideFields: HIDDEN_FIELDS });
  const action = submission.value;
  const services = context.get(servicesContext);
  const actor = { name: admin.username, client: requestClient(request) };
  // A refusal comes back with what was typed, under the field it names, even to a page posted before its
  // scripts ran (issue 45); secrets are never echoed, only asked for again.
  return formAction(
    submission,
    async () => {
      // The danger zone, restores and new secrets: the password typed in the last 15 minutes, or asked again.
      if (needsRecentPassword(action, SENSITIVE) && !hasRecentPassword(admin)) throw passwordAgainError();
      if (isPaymentAlertAction(action)) return runPaymentAlertsAction(services, actor, action);
      if (isGatewayAction(action)) return runGatewayAction(services, actor, action);
      if (isMailboxAction(action)) return runMailboxAction(services, actor, action);
      if (isAlertAction(action)) return runAlertAction(services, actor, action);
      if (isBuyerMessageAction(action)) return runBuyerMessageAction(services, actor, action);
      if (isCredentialsAction(action)) return runCredentialsAction(services, admin, actor, action);
      if (isDangerZoneAction(action)) return runDangerZoneAction(services, actor, action);
      return runSiteSettingsAction(services, actor, action);
    },
    { hideFields: HIDDEN_FIELDS },
  );
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings: s } = loaderData;
  const publicBase = loaderData.publicBaseUrl.effective.replace(/\/+$/, "");
  // One column beside its section links: two columns of cards of unequal height left large blank areas (issue 45).
  const section = "[&>*]:min-w-0";
  return (
    <PasswordAgainProvider>
      {/* Every anchor lands below the sticky header and, on a phone, the row of section links. */}
      <div className="space-y-4 lg:space-y-6 [&_[id]]:scroll-mt-28 lg:[&_[id]]:scroll-mt-20">
        <h1 className="text-2xl font-bold">Settings</h1>
        <div className="lg:grid lg:grid-cols-[11rem_minmax(0,1fr)] lg:gap-8">
          <SettingsNav />
          <div className="max-w-3xl min-w-0 space-y-6" data-testid="settings-sections">
            <PanelsMoved />
            <SettingsCard group={paymentSettings} values={s} />
            <SettingsCard group={feeSettings} values={s} />
            <PaymentAlertsCard
              sms={loaderData.paymentAlerts.sms}
              templates={loaderData.paymentAlerts.templates}
              headers={loaderData.paymentAlerts.headers}
              endpoint={`${publicBase}/api/payments/sms-alert`}
            />
            <AppAlertsCard status={loaderData.paymentAlerts.apps} endpoint={`${publicBase}/api/payments/app-alert`} />
            <PaymentCheckCard />
            <MailboxCard mailbox={loaderData.mailbox} />
            <div id="payment-gateway" className={section}>
              <GatewayCard gateway={loaderData.gateway} webhookUrl={`${publicBase}/api/payments/razorpay-webhook`} />
            </div>
            <div id="operator-alerts" className={section}>
              <OperatorAlertsCard alerts={loaderData.alerts} />
            </div>
            <BuyerMessagesCard
              settings={loaderData.buyerMessages}
              webhookUrl={`${publicBase}/api/whatsapp/webhook`}
              smtpReady={Boolean(loaderData.alerts.settings.email.host && loaderData.alerts.settings.email.from)}
            />
            <SettingsCard
              group={storeSettings}
              values={s}
              hints={{
                publicBaseUrl: loaderData.publicBaseUrl.fromEnv
                  ? `Overridden by PUBLIC_BASE_URL in the server's environment: the shop uses ${loaderData.publicBaseUrl.fromEnv}. Saving here changes nothing until it is unset.`
                  : undefined,
              }}
            />
            <SettingsCard group={taxSettings} values={s} />
            <CredentialsCard username={loaderData.username} />
            <SettingsCard group={backupSchedule} values={s} />
            <div id="danger-zone" className={section}>
              <DangerZone />
            </div>
            <BackupsCard backups={loaderData.backups} />
          </div>
        </div>
      </div>
    </PasswordAgainProvider>
  );
}
