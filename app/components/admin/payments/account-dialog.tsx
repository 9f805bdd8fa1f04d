import { EntityDialog, type EntityDialogProps, useEntityForm } from "~/components/admin/entity-dialog";
import { SelectField, TextField } from "~/components/forms";
import type { AccountView } from "~/domain/payments/accounts/account-admin.server";
import { ACCOUNT_BANKS, ACCOUNT_KIND_LABELS, accountFormSchema } from "~/domain/payments/accounts/account-form";
import { ACCOUNT_KINDS } from "~/domain/receiving-accounts/table";

const KINDS = ACCOUNT_KINDS.map((kind) => [kind, ACCOUNT_KIND_LABELS[kind]] as const);
const BANKS = [["", "Not said"] as const, ...ACCOUNT_BANKS];

/**
 * Add or edit a receiving account: the UPI ID buyers pay, whether it is a
 * business or a personal one, the bank its alerts come from and the last
 * digits they print, and optional daily caps. The form says, in plain words,
 * why a business UPI ID is better and how to get one for free.
 */
export function AccountDialog(dialog: EntityDialogProps<AccountView>) {
  const { editing } = dialog;
  const { fields, frame } = useEntityForm(
    "account",
    dialog,
    { create: accountFormSchema, update: accountFormSchema },
    {
      blank: { kind: "business" },
      of: (a) => ({
        upiId: a.upiId,
        kind: a.kind,
        bankId: a.bankId ?? "",
        accountDigits: a.accountDigits ?? "",
        dailyCapRupees: a.dailyCapRupees === null ? "" : String(a.dailyCapRupees),
        dailyCapPayments: a.dailyCapPayments === null ? "" : String(a.dailyCapPayments),
      }),
    },
  );
  return (
    <EntityDialog
      {...frame}
      title={editing ? `Edit ${editing.item.upiId}` : "Add receiving account"}
      description="A UPI ID buyers pay. Checkouts are spread across your accounts that are not paused and have room today."
      intent="account-save"
      submitLabel={editing ? "Save account" : "Add account"}
    >
      <TextField
        field={fields.upiId}
        label="UPI ID"
        verbatim
        autoComplete="off"
        inputMode="email"
        className="font-mono"
      />
      <SelectField field={fields.kind} label="Kind" options={KINDS} />
      <BusinessIdHelp />
      <SelectField
        field={fields.bankId}
        label="Bank (or business app) its payment alerts come from"
        options={BANKS}
        hint="An alert from another bank never confirms an order on this account."
      />
      <TextField
        field={fields.accountDigits}
        label="Account's last digits, as its alerts print them"
        inputMode="numeric"
        autoComplete="off"
        hint="“Credited to A/c XX1234” → 1234. Until one of your accounts has its digits, no bank alert confirms anything: an alert for someone else's account must never pay your orders."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          field={fields.dailyCapRupees}
          label="Daily cap (₹, optional)"
          inputMode="numeric"
          hint="Past it, checkouts go to your other accounts until midnight (IST)."
        />
        <TextField field={fields.dailyCapPayments} label="Daily cap (payments, optional)" inputMode="numeric" />
      </div>
    </EntityDialog>
  );
}

/** Why a business UPI ID, and the four free ways to get one. */
export function BusinessIdHelp() {
  return (
    <details className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm" data-testid="business-id-help">
      <summary className="cursor-pointer font-semibold">
        Why a business UPI ID is better, and how to get one free
      </summary>
      <div className="mt-2 space-y-2 text-gray-800">
        <p>
          Payment apps treat money sent to a personal UPI ID as a transfer between friends. When many strangers pay one
          personal ID, Google Pay, PhonePe and BHIM may refuse the “Open UPI app” button (“exceeded the maximum
          transaction amount”, “risk threshold exceeded”), and a bank may freeze the account after a complaint. A
          business (merchant) UPI ID is made for taking payments: the button works, buyers see your shop's name, and the
          app tells you of every payment at once, even small ones that banks no longer text.
        </p>
        <p>Each of these gives you one free, with your bank account and a KYC check (PAN or Aadhaar):</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>PhonePe Business</strong> (Play Store): your UPI ID ends in @ybl and starts with Q.
          </li>
          <li>
            <strong>Paytm for Business</strong>: a “paytmqr…@paytm” ID.
          </li>
          <li>
            <strong>BharatPe</strong> for merchants: a “bharatpe…” ID.
          </li>
          <li>
            <strong>Google Pay for Business</strong>: an ID ending in @okbizaxis or similar.
          </li>
        </ul>
        <p>
          With a personal UPI ID, the checkout leaves out the merchant fields apps refuse for people and leads with the
          QR code and the UPI ID to copy.
        </p>
      </div>
    </details>
  );
}
