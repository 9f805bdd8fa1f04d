import { Pencil, Power } from "lucide-react";
import type { AdminCoupon } from "~/domain/coupons/coupon-view";
import { OnOffBadge } from "~/components/ui/badge";
import type { AddressLink } from "~/components/admin/entity-dialog";
import { Button } from "~/components/ui/button";
import { RecordTable } from "~/components/admin/record-table";
import { formatCount } from "~/lib/money";

interface Props {
  coupons: AdminCoupon[];
  busy: boolean;
  /** The Edit link (`useAddressDialog`): followed before the page's scripts run, opens the dialog in place after. */
  editLink: (coupon: AdminCoupon) => AddressLink;
  onToggle: (coupon: AdminCoupon) => void;
}

const when = (value: string) => (value ? value.replace("T", " ") : "—");

/** The coupons, each with its terms, its uses so far, and any plan it would sell below cost. */
export function CouponsTable({ coupons, busy, editLink, onToggle }: Props) {
  return (
    <RecordTable
      headings={["Code", "Discount", "Valid (IST)", "Uses", "Status", "Actions"]}
      empty={coupons.length === 0 ? "No coupons yet" : null}
    >
      {coupons.map((c) => (
        <tr key={c.id} data-testid="coupon-row" className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-2 max-sm:p-4">
          <td className="px-4 py-3 font-mono font-semibold max-sm:p-0">
            {c.code}
            {c.warnings.map((w) => (
              <span key={w} role="note" className="mt-1 block font-sans text-xs font-normal text-amber-800">
                ⚠ {w}
              </span>
            ))}
          </td>
          <td className="px-4 py-3 max-sm:p-0">
            {c.discount} off
            {c.minOrder && <span className="block text-xs text-gray-600">orders from ₹{c.minOrder}</span>}
            {(c.serviceTypes.length > 0 || c.planIds.length > 0) && (
              <span className="block text-xs text-gray-600">
                only {[...c.serviceTypes, ...(c.planIds.length ? [`${c.planIds.length} plan(s)`] : [])].join(", ")}
              </span>
            )}
          </td>
          <td className="px-4 py-3 max-sm:p-0">
            {when(c.startsAt)} → {when(c.endsAt)}
          </td>
          <td className="px-4 py-3 max-sm:p-0">
            {formatCount(c.uses)}
            {c.totalUses && ` of ${c.totalUses}`}
            {c.usesPerPhone && <span className="block text-xs text-gray-600">{c.usesPerPhone} per phone</span>}
          </td>
          <td className="px-4 py-3 max-sm:p-0">
            <OnOffBadge on={c.enabled} words={["Enabled", "Disabled"]} />
          </td>
          <td className="px-4 py-3 max-sm:p-0">
            <div className="flex gap-1">
              <Button asChild variant="ghost" size="inline" className="rounded-md p-2 font-normal">
                <a aria-label={`Edit ${c.code}`} title={`Edit ${c.code}`} {...editLink(c)}>
                  <Pencil className="size-4" aria-hidden />
                </a>
              </Button>
              <Button
                variant="ghost"
                size="inline"
                aria-label={`${c.enabled ? "Disable" : "Enable"} ${c.code}`}
                title={`${c.enabled ? "Disable" : "Enable"} ${c.code}`}
                onClick={() => onToggle(c)}
                disabled={busy}
                className="rounded-md p-2 font-normal"
              >
                <Power className="size-4" aria-hidden />
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}
