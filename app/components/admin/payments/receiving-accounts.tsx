import { useFetcher } from "react-router";
import { SavedNotice } from "~/components/admin/entity-dialog";
import { useRecordPage } from "~/components/admin/use-record-page";
import { Badge } from "~/components/ui/badge";
import type { AddressLink } from "~/components/admin/entity-dialog";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { AccountView } from "~/domain/payments/accounts/account-admin.server";
import { formatInr } from "~/lib/money";
import { AccountDialog } from "./account-dialog";

/**
 * Admin → Payments → Receiving accounts: every UPI ID buyers pay, with what
 * each needs (its digits for alerts, a business ID for the app button), what
 * it took today against its caps, and its buttons.
 */
export function ReceivingAccounts({ accounts }: { accounts: AccountView[] }) {
  // `?account=new`, `?account=<id>`: the dialog the address opens, before the page's scripts run too.
  const page = useRecordPage<AccountView, "account-pause" | "account-resume" | "account-delete">(
    useFetcher<{ ok: boolean; message: string }>(),
    "account",
    accounts,
    (account) => account.id,
  );
  const { busy, deleting, setDeleting } = page;
  const byId = page.act;
  const noDigits = !accounts.some((a) => a.accountDigits);
  const personalOnly =
    accounts.some((a) => !a.paused) && accounts.filter((a) => !a.paused).every((a) => a.kind === "personal");

  return (
    <section aria-labelledby="accounts-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="accounts-title" className="text-lg font-semibold">
            Receiving accounts
          </h2>
          <p className="text-sm text-gray-600">
            The UPI IDs buyers pay. Each checkout shows one that is not paused and has room today, in turn; the order
            keeps the one it showed.
          </p>
        </div>
        <Button asChild size="md">
          <a {...page.addLink}>Add account</a>
        </Button>
      </div>
      <SavedNotice message={page.saved} />
      {noDigits && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          No account has its last digits yet: bank alerts confirm no payment until you enter the digits your bank's
          alerts print (Edit → Account's last digits).
        </p>
      )}
      {personalOnly && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          You take payments on personal UPI IDs only: payment apps may refuse the buyers' “Open UPI app” button. A free
          business UPI ID fixes it (Add account tells you how).
        </p>
      )}
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Receiving accounts">
        {accounts.map((account) => (
          <li key={account.id}>
            <AccountCard
              account={account}
              busy={busy}
              editLink={page.editLink(account)}
              onPause={() => byId(account.paused ? "account-resume" : "account-pause", account)}
              onDelete={() => setDeleting(account)}
            />
          </li>
        ))}
      </ul>
      {page.editor && <AccountDialog {...page.editor} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.upiId}?`}
          confirmLabel="Delete"
          workingLabel="Deleting..."
          working={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => byId("account-delete", deleting)}
        >
          <p>
            Checkouts stop showing it. An account that orders may still be paid to is not deleted: pause it instead.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function AccountCard({
  account,
  busy,
  editLink,
  onPause,
  onDelete,
}: {
  account: AccountView;
  busy: boolean;
  /** The Edit link (`useAddressDialog`). */
  editLink: AddressLink;
  onPause: () => void;
  onDelete: () => void;
}) {
  const caps = [
    account.dailyCapRupees !== null &&
      `${formatInr(account.today.paise)} of ₹${account.dailyCapRupees.toLocaleString("en-IN")}`,
    account.dailyCapPayments !== null && `${account.today.payments} of ${account.dailyCapPayments} payments`,
  ].filter(Boolean);
  return (
    <Card asChild padding="sm" radius="lg">
      <section aria-label={account.upiId} data-testid="receiving-account" className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-mono text-base font-semibold break-all">{account.upiId}</h3>
          <div className="flex flex-wrap gap-1">
            <Badge tone={account.kind === "business" ? "success" : "attention"}>
              {account.kind === "business" ? "Business" : "Personal"}
            </Badge>
            {account.paused && <Badge tone="neutral">Paused</Badge>}
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-gray-600">Bank</dt>
          <dd>{account.bankName ?? "Not said"}</dd>
          <dt className="text-gray-600">Alerts name</dt>
          <dd>
            {account.accountDigits ? (
              <span className="font-mono">A/c XX{account.accountDigits}</span>
            ) : (
              <span className="font-medium text-red-700">no digits yet: its alerts confirm nothing</span>
            )}
          </dd>
          <dt className="text-gray-600">Today</dt>
          <dd>
            {account.today.payments} {account.today.payments === 1 ? "checkout" : "checkouts"},{" "}
            {formatInr(account.today.paise)}
            {caps.length > 0 && <span className="text-gray-600"> (cap: {caps.join(", ")})</span>}
          </dd>
        </dl>
        {account.placeholder && (
          <p className="text-sm font-medium text-red-700">
            The placeholder of a fresh shop: buyers cannot pay it. Edit it to your own UPI ID.
          </p>
        )}
        {account.looksBusiness && (
          <p className="text-sm text-amber-900">This looks like a business app's UPI ID: if it is, mark it Business.</p>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button asChild variant="neutral" size="sm">
            <a {...editLink}>Edit</a>
          </Button>
          <Button variant="neutral" size="sm" onClick={onPause} disabled={busy}>
            {account.paused ? "Resume" : "Pause"}
          </Button>
          <Button variant="neutral" size="sm" onClick={onDelete} disabled={busy}>
            Delete
          </Button>
        </div>
      </section>
    </Card>
  );
}
