import type { Route } from "./+types/settings";
import { adminTitle } from "~/lib/admin-title";
import { AlertsCard } from "~/components/admin/settings/alerts-card";
import { BackupsCard } from "~/components/admin/settings/backups-card";
import { CredentialsCard } from "~/components/admin/settings/credentials-card";
import { DangerZone } from "~/components/admin/settings/danger-zone";
import { PasswordAgainProvider } from "~/components/admin/password-again";
import { PanelConnection } from "~/components/admin/settings/panel-connection";
import { GatewayCard } from "~/components/admin/settings/gateway-card";
import { MailboxCard } from "~/components/admin/settings/mailbox-card";
import { PaymentAlertsCard } from "~/components/admin/settings/payment-alerts-card";
import { type FieldSpec, SettingsCard } from "~/components/admin/settings/settings-card";
import { servicesContext } from "~/context";
import { ALERT_SECRET_FIELDS, isAlertAction } from "~/domain/alerts/alert-settings-actions";
import { runAlertAction } from "~/domain/alerts/alert-settings-actions.server";
import { alertSettingsView } from "~/domain/alerts/alert-settings.server";
import { requireAdmin } from "~/domain/auth/guard.server";
import { hasRecentPassword, passwordAgainError } from "~/domain/auth/recent-password.server";
import { needsRecentPassword } from "~/domain/settings/sensitive-actions";
import { listBackups } from "~/domain/backups/backup.server";
import { withContents } from "~/domain/backups/restore.server";
import { testPanelConnection } from "~/domain/panel/info.server";
import {
  POST_LINK_FORMS,
  POST_LINK_FORM_LABELS,
  PROFILE_LINK_FORMS,
  PROFILE_LINK_FORM_LABELS,
} from "~/domain/panel/link-forms";
import { isPaymentAlertAction } from "~/domain/payments/alerts-settings-actions";
import { runPaymentAlertsAction } from "~/domain/payments/alerts-settings-actions.server";
import { isGatewayAction } from "~/domain/payments/gateway-settings-actions";
import { runGatewayAction } from "~/domain/payments/gateway-settings-actions.server";
import { gatewaySettings, gatewaySettingsView } from "~/domain/payments/gateways/gateway-settings.server";
import { mailboxStatus } from "~/domain/payments/mail/mailbox-store.server";
import { MAILBOX_SECRET_FIELDS, isMailboxAction } from "~/domain/payments/mailbox-settings-actions";
import { runMailboxAction } from "~/domain/payments/mailbox-settings-actions.server";
import { customTemplates, smsSecretStatus } from "~/domain/payments/payment-settings.server";
import { settingsForAdmin } from "~/domain/settings/admin.server";
import { settingsActionSchema } from "~/domain/settings/settings-actions";
import { runSettingsAction } from "~/domain/settings/settings-actions.server";
import { pageAction, pageFailure } from "~/lib/api.server";
import { formFailure, parseForm } from "~/lib/parse.server";
import { withRetryAfter } from "~/lib/retry-after";
import { requestActor, requestClient } from "~/lib/request-client.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Settings") }];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const { db, config } = context.get(servicesContext);
  const [settings, backups, sms, templates, gateway, mailbox, alerts] = await Promise.all([
    settingsForAdmin(db),
    listBackups(config.BACKUP_DIR).then((list) => withContents(config.BACKUP_DIR, list)),
    smsSecretStatus(db),
    customTemplates(db),
    gatewaySettings(db).then(gatewaySettingsView),
    mailboxStatus(db),
    alertSettingsView(db),
  ]);
  return {
    settings,
    // PUBLIC_BASE_URL wins over the stored setting; the form still edits the stored one.
    publicBaseUrl: { effective: config.PUBLIC_BASE_URL ?? settings.publicBaseUrl, fromEnv: config.PUBLIC_BASE_URL },
    username: admin.username,
    backups,
    paymentAlerts: { sms, templates: templates.inputs },
    gateway,
    mailbox,
    alerts,
  };
}

/** Passes on the action's Retry-After when it refuses an attempt with 429. */
export const headers: Route.HeadersFunction = withRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, settingsActionSchema);
  if (submission.status !== "success") {
    return formFailure(submission, {
      hideFields: [
        "currentPassword",
        "newPassword",
        "panelApiKey",
        "keySecret",
        "webhookSecret",
        ...MAILBOX_SECRET_FIELDS,
        ...ALERT_SECRET_FIELDS,
      ],
    });
  }
  const action = submission.value;
  const services = context.get(servicesContext);
  if (action.intent === "panel-test") {
    // The typed values are tried, never saved or echoed back; an empty key means the saved one (saved URL only).
    return testPanelConnection(services, requestActor(request, admin.username), {
      url: action.panelUrl,
      apiKey: action.panelApiKey,
    });
  }
  const client = requestClient(request);
  // The danger zone, restores and new secrets: the password typed in the last 15 minutes, or asked again.
  if (needsRecentPassword(action) && !hasRecentPassword(admin)) return pageFailure(passwordAgainError());
  if (isPaymentAlertAction(action)) {
    return pageAction(() => runPaymentAlertsAction(services, { name: admin.username, client }, action));
  }
  if (isGatewayAction(action))
    return pageAction(() => runGatewayAction(services, { name: admin.username, client }, action));
  if (isMailboxAction(action))
    return pageAction(() => runMailboxAction(services, { name: admin.username, client }, action));
  if (isAlertAction(action))
    return pageAction(() => runAlertAction(services, { name: admin.username, client }, action));
  return pageAction(() => runSettingsAction(services, admin, action, client));
}

const LINK_HINT = "What your panel accepts: panels that check links refuse other forms (for example a bare username).";

/** How each service type's link goes to the panel (panel/link-forms.ts). */
function linkFormFields(s: Route.ComponentProps["loaderData"]["settings"]): FieldSpec[] {
  const profile = PROFILE_LINK_FORMS.map((value) => ({ value, label: PROFILE_LINK_FORM_LABELS[value] }));
  const post = POST_LINK_FORMS.map((value) => ({ value, label: POST_LINK_FORM_LABELS[value] }));
  return [
    {
      name: "panelLinkFollowers",
      label: "Followers link sent as",
      type: "select",
      value: s.panelLinkFollowers,
      options: profile,
      hint: LINK_HINT,
    },
    { name: "panelLinkLikes", label: "Likes link sent as", type: "select", value: s.panelLinkLikes, options: post },
    { name: "panelLinkViews", label: "Views link sent as", type: "select", value: s.panelLinkViews, options: post },
    {
      name: "panelLinkComments",
      label: "Comments link sent as",
      type: "select",
      value: s.panelLinkComments,
      options: post,
    },
  ];
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { settings: s } = loaderData;
  const publicBase = loaderData.publicBaseUrl.effective.replace(/\/+$/, "");
  return (
    <PasswordAgainProvider>
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">Settings</h1>
        <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
          <div className="space-y-6">
            <SettingsCard
              intent="smm"
              title="SMM Panel Settings"
              description="Where paid orders are sent for fulfilment."
              fields={[
                {
                  name: "panelApiKey",
                  label: "API Key",
                  type: "password",
                  value: "",
                  placeholder: s.panelApiKey ? `${s.panelApiKey} (leave empty to keep)` : "Your panel API key",
                  required: !s.panelApiKey,
                },
                {
                  name: "panelUrl",
                  label: "Panel API URL",
                  value: s.panelUrl,
                  placeholder: "https://panel.example.com/api/v2",
                  hint: "Exactly as your panel's API page shows it (for example …/api/v2, or …/api/v1 on SmartPanel). It is used as you enter it.",
                },
                {
                  name: "panelServiceFollowers",
                  label: "Followers Service ID",
                  value: s.panelServiceFollowers,
                  inputMode: "numeric",
                },
                {
                  name: "panelServiceLikes",
                  label: "Likes Service ID",
                  value: s.panelServiceLikes,
                  inputMode: "numeric",
                },
                {
                  name: "panelServiceViews",
                  label: "Views Service ID",
                  value: s.panelServiceViews,
                  inputMode: "numeric",
                },
                {
                  name: "panelServiceComments",
                  label: "Comments Service ID",
                  value: s.panelServiceComments,
                  inputMode: "numeric",
                },
                {
                  name: "panelServiceCustomComments",
                  label: "Service ID for Custom Comments",
                  value: s.panelServiceCustomComments,
                  inputMode: "numeric",
                  required: false,
                  hint: "Your panel's Custom Comments service: orders of custom-comments plans go there with the buyer's texts, one per line.",
                },
                { name: "panelCurrency", label: "Panel Currency", value: s.panelCurrency, placeholder: "INR" },
                {
                  name: "panelInrRate",
                  label: "INR per unit of panel currency (non-INR panels)",
                  value: s.panelInrRate,
                  placeholder: "83.25",
                  required: false,
                },
                ...linkFormFields(s),
              ]}
            />
            <PanelConnection urlInputId="smm-panelUrl" keyInputId="smm-panelApiKey" />
          </div>
          <SettingsCard
            intent="payment"
            title="Payment Settings"
            description="Buyers pay this UPI ID; the name shows in their UPI app."
            fields={[
              { name: "upiId", label: "UPI ID", value: s.upiId, placeholder: "your-upi-id@bank" },
              { name: "merchantName", label: "Merchant Name", value: s.merchantName },
              {
                name: "autoSendPaidOrders",
                label: "Send paid orders to the panel automatically",
                value: s.autoSendPaidOrders,
                type: "checkbox",
                hint: "When a payment is confirmed, the order goes to the SMM panel at once. Off: you send each paid order yourself.",
              },
            ]}
          />
          <PaymentAlertsCard
            sms={loaderData.paymentAlerts.sms}
            templates={loaderData.paymentAlerts.templates}
            endpoint={`${publicBase}/api/payments/sms-alert`}
          />
          <GatewayCard gateway={loaderData.gateway} webhookUrl={`${publicBase}/api/payments/razorpay-webhook`} />
          <MailboxCard mailbox={loaderData.mailbox} />
          <AlertsCard alerts={loaderData.alerts} />
          <CredentialsCard username={loaderData.username} />
          <SettingsCard
            intent="store"
            title="Store Details"
            description="Shown on the storefront, the policies and Contact Us."
            fields={[
              { name: "brandName", label: "Brand Name", value: s.brandName },
              {
                name: "publicBaseUrl",
                label: "Public Base URL",
                value: s.publicBaseUrl,
                placeholder: "https://yourshop.in",
                hint: loaderData.publicBaseUrl.fromEnv
                  ? `Overridden by PUBLIC_BASE_URL in the server's environment: the shop uses ${loaderData.publicBaseUrl.fromEnv}. Saving here changes nothing until it is unset.`
                  : undefined,
              },
              { name: "supportEmail", label: "Support E-mail", value: s.supportEmail, type: "email" },
              { name: "supportPhone", label: "Support Phone", value: s.supportPhone, type: "tel" },
              {
                name: "whatsappNumber",
                label: "WhatsApp Number (with country code)",
                value: s.whatsappNumber,
                inputMode: "numeric",
              },
              { name: "location", label: "Location", value: s.location },
              { name: "grievanceOfficerName", label: "Grievance Officer Name", value: s.grievanceOfficerName },
              {
                name: "grievanceOfficerDesignation",
                label: "Grievance Officer Designation",
                value: s.grievanceOfficerDesignation,
              },
              { name: "grievanceOfficerContact", label: "Grievance Officer Contact", value: s.grievanceOfficerContact },
              {
                name: "deliveryStartMinutes",
                label: "Delivery starts within (minutes)",
                value: s.deliveryStartMinutes,
                inputMode: "numeric",
              },
              {
                name: "retentionDays",
                label: "Keep buyer name and phone for (days)",
                value: s.retentionDays,
                inputMode: "numeric",
              },
            ]}
          />
        </div>
        <SettingsCard
          intent="schedule"
          title="Database backups"
          description="A copy of the whole database on a schedule, kept 48 hours hourly and 30 days daily. Admin → Health shows the last one, where it went, and downloads it."
          fields={[
            {
              name: "backupIntervalHours",
              label: "Back up every (hours, 0 for never)",
              value: s.backupIntervalHours,
              inputMode: "numeric",
              hint: "1 is right for most shops: at most an hour of orders could be lost with the server. Off-machine copies are set up on the server (docs/deploy.md).",
            },
          ]}
        />
        <DangerZone />
        <BackupsCard backups={loaderData.backups} />
      </div>
    </PasswordAgainProvider>
  );
}
