import type { Route } from "./+types/settings";
import { adminTitle } from "~/lib/admin-title";
import { AlertsCard } from "~/components/admin/settings/alerts-card";
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
import { PanelsMoved } from "~/components/admin/settings/panels-moved";
import { SettingsCard } from "~/components/admin/settings/settings-card";
import { servicesContext } from "~/context";
import { runAlertAction } from "~/domain/alerts/alert-settings-actions.server";
import { isAlertAction } from "~/domain/alerts/alert-settings-actions";
import { alertSettingsView } from "~/domain/alerts/alert-settings.server";
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
import { settingsForAdmin } from "~/domain/settings/admin.server";
import { backupSchedule, feeSettings, paymentSettings, storeSettings } from "~/domain/settings/cards";
import { needsRecentPassword } from "~/domain/settings/sensitive-actions";
import { runSiteSettingsAction } from "~/domain/settings/settings-actions.server";
import { pageAction, pageFailure } from "~/lib/api.server";
import { formFailure, parseForm } from "~/lib/parse.server";
import { withRetryAfter } from "~/lib/retry-after";
import { requestClient } from "~/lib/request-client.server";
import { HIDDEN_FIELDS, SENSITIVE, settingsActionSchema } from "./settings-intents";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Settings") }];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, config } = context.get(servicesContext);
  const [settings, backups, sms, templates, gateway, mailbox, alerts, apps, headers, buyerMessages] = await Promise.all(
    [
      settingsForAdmin(db),
      listBackups(config.BACKUP_DIR).then((list) => withContents(config.BACKUP_DIR, list)),
      smsSecretStatus(db),
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
  // The danger zone, restores and new secrets: the password typed in the last 15 minutes, or asked again.
  if (needsRecentPassword(action, SENSITIVE) && !hasRecentPassword(admin)) return pageFailure(passwordAgainError());
  const actor = { name: admin.username, client: requestClient(request) };
  if (isPaymentAlertAction(action)) return pageAction(() => runPaymentAlertsAction(services, actor, action));
  if (isGatewayAction(action)) return pageAction(() => runGatewayAction(services, actor, action));
  if (isMailboxAction(action)) return pageAction(() => runMailboxAction(services, actor, action));
  if (isAlertAction(action)) return pageAction(() => runAlertAction(services, actor, action));
  if (isBuyerMessageAction(action)) return pageAction(() => runBuyerMessageAction(services, actor, action));
  if (isCredentialsAction(action)) return pageAction(() => runCredentialsAction(services, admin, actor, action));
  if (isDangerZoneAction(action)) return pageAction(() => runDangerZoneAction(services, actor, action));
  return pageAction(() => runSiteSettingsAction(services, actor, action));
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings: s } = loaderData;
  const publicBase = loaderData.publicBaseUrl.effective.replace(/\/+$/, "");
  return (
    <PasswordAgainProvider>
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">Settings</h1>
        <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
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
          <GatewayCard gateway={loaderData.gateway} webhookUrl={`${publicBase}/api/payments/razorpay-webhook`} />
          <MailboxCard mailbox={loaderData.mailbox} />
          <AlertsCard alerts={loaderData.alerts} />
          <BuyerMessagesCard
            settings={loaderData.buyerMessages}
            webhookUrl={`${publicBase}/api/whatsapp/webhook`}
            smtpReady={Boolean(loaderData.alerts.settings.email.host && loaderData.alerts.settings.email.from)}
          />
          <CredentialsCard username={loaderData.username} />
          <SettingsCard
            group={storeSettings}
            values={s}
            hints={{
              publicBaseUrl: loaderData.publicBaseUrl.fromEnv
                ? `Overridden by PUBLIC_BASE_URL in the server's environment: the shop uses ${loaderData.publicBaseUrl.fromEnv}. Saving here changes nothing until it is unset.`
                : undefined,
            }}
          />
        </div>
        <SettingsCard group={backupSchedule} values={s} />
        <DangerZone />
        <BackupsCard backups={loaderData.backups} />
      </div>
    </PasswordAgainProvider>
  );
}
