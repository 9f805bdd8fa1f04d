import type { AlertOutboxTable, AlertPushSubscriptionTable } from "~/domain/operator-alerts/table";
import type { AuditLogTable } from "~/domain/audit/table";
import type { ComplaintTable } from "~/domain/complaints/table";
import type { CouponTable } from "~/domain/coupons/table";
import type {
  CreditNoteSeriesTable,
  CreditNoteTable,
  InvoiceSeriesTable,
  TaxInvoiceTable,
} from "~/domain/receipts/table";
import type { ErasureRequestTable } from "~/domain/privacy/table";
import type { BuyerPushSubscriptionTable, WhatsAppChatTable, WhatsAppLinkTable } from "~/domain/buyer-messages/table";
import type {
  AdminKnownDeviceTable,
  AdminLoginFailureTable,
  AdminLoginGateTable,
  AdminSessionTable,
  AdminSetupTokenTable,
  AdminUserTable,
} from "~/domain/auth/table";
import type { OrderDailyStatsTable } from "~/domain/dashboard/table";
import type { HealthProblemTable, ProcessStartTable } from "~/domain/health/table";
import type { JobLeaseTable, JobRunTable } from "~/domain/jobs/table";
import type { DeletedOrderTable, OrderTable } from "~/domain/orders/table";
import type { ReceivingAccountTable } from "~/domain/receiving-accounts/table";
import type { PaymentCheckTable } from "~/domain/payments/check/table";
import type { PaymentGatewayOrderTable } from "~/domain/payments/gateways/table";
import type {
  PaymentAmountHoldTable,
  PaymentCreditTable,
  PaymentReplayGuardTable,
  PaymentSmsHeaderTable,
} from "~/domain/payments/table";
import type { PanelServiceTable, PanelTable } from "~/domain/panel/table";
import type { PlanTable } from "~/domain/plans/table";
import type { PublicPagesGenerationTable } from "~/domain/public-pages/table";
import type { OrderPanelRequestTable } from "~/domain/self-service/table";
import type { SettingTable } from "~/domain/settings/table";
import type { ProofCardTable, TestimonialTable } from "~/domain/social-proof/table";

/** Rows about the database itself (seed marker); never touched by the danger zone. */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  plans: PlanTable;
  orders: OrderTable;
  complaints: ComplaintTable;
  coupons: CouponTable;
  tax_invoices: TaxInvoiceTable;
  invoice_series: InvoiceSeriesTable;
  credit_notes: CreditNoteTable;
  credit_note_series: CreditNoteSeriesTable;
  erasure_requests: ErasureRequestTable;
  deleted_orders: DeletedOrderTable;
  settings: SettingTable;
  admin_users: AdminUserTable;
  admin_sessions: AdminSessionTable;
  admin_login_failures: AdminLoginFailureTable;
  admin_login_gates: AdminLoginGateTable;
  admin_setup_tokens: AdminSetupTokenTable;
  admin_known_devices: AdminKnownDeviceTable;
  order_daily_stats: OrderDailyStatsTable;
  app_meta: AppMetaTable;
  audit_log: AuditLogTable;
  payment_amount_holds: PaymentAmountHoldTable;
  payment_credits: PaymentCreditTable;
  payment_replay_guard: PaymentReplayGuardTable;
  payment_sms_headers: PaymentSmsHeaderTable;
  payment_gateway_orders: PaymentGatewayOrderTable;
  receiving_accounts: ReceivingAccountTable;
  payment_checks: PaymentCheckTable;
  alert_outbox: AlertOutboxTable;
  alert_push_subscriptions: AlertPushSubscriptionTable;
  testimonials: TestimonialTable;
  proof_cards: ProofCardTable;
  public_pages_generation: PublicPagesGenerationTable;
  panels: PanelTable;
  panel_services: PanelServiceTable;
  order_panel_requests: OrderPanelRequestTable;
  job_runs: JobRunTable;
  job_leases: JobLeaseTable;
  health_problems: HealthProblemTable;
  buyer_push_subscriptions: BuyerPushSubscriptionTable;
  whatsapp_chats: WhatsAppChatTable;
  whatsapp_links: WhatsAppLinkTable;
  process_starts: ProcessStartTable;
}
