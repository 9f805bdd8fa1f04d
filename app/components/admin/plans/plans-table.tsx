import { Pencil, Power, Trash2 } from "lucide-react";
import type { ApiPlan } from "~/domain/plans/admin.server";
import type { PlanAtPanel } from "~/domain/plans/plan-cost";
import { Badge, OnOffBadge } from "~/components/ui/badge";
import type { AddressLink } from "~/components/admin/entity-dialog";
import { Button } from "~/components/ui/button";
import { RecordTable } from "~/components/admin/record-table";
import { formatCount, formatInr } from "~/lib/money";
import { PlanAtPanelCell } from "./plan-at-panel";
import { ServiceTypeBadge } from "./service-badge";

/** A plan as the Plans page lists it: with its panel service, cost and margin. */
export type PlanWithCost = ApiPlan & { atPanel: PlanAtPanel };

interface Props {
  plans: PlanWithCost[];
  busy: boolean;
  /** The Edit link (`useAddressDialog`): followed before the page's scripts run, opens the dialog in place after. */
  editLink: (plan: PlanWithCost) => AddressLink;
  onToggle: (plan: PlanWithCost) => void;
  onDelete: (plan: PlanWithCost) => void;
}

/**
 * A table on wider screens; on a phone each plan becomes a card (same markup,
 * laid out by CSS), so its price, status and actions need no sideways scroll.
 */
export function PlansTable({ plans, busy, editLink, onToggle, onDelete }: Props) {
  return (
    <RecordTable
      headings={["Service Type", "Name", "Quantity", "Price", "At the panel", "Status", "Actions"]}
      empty={plans.length === 0 ? "No plans found" : null}
    >
      {plans.map((plan) => (
        <tr
          key={plan._id}
          data-testid="plan-row"
          className="max-sm:grid max-sm:grid-cols-2 max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-2 max-sm:p-4"
        >
          <td className="px-4 py-3 max-sm:order-2 max-sm:p-0">
            <ServiceTypeBadge type={plan.serviceType} />
          </td>
          <td className="px-4 py-3 font-medium max-sm:order-1 max-sm:col-span-2 max-sm:p-0 max-sm:text-base">
            {plan.name}
            {plan.customComments && (
              <span className="block text-xs font-normal text-gray-600">Custom comments: the buyer writes them</span>
            )}
            <span className="mt-1 block text-sm font-normal">
              {/* A plan has one tag at most (its `tag` column). */}
              {plan.tags[0] ? (
                <Badge tone="brand" className="mr-1 px-2">
                  {plan.tags[0]}
                </Badge>
              ) : (
                <span className="text-gray-500">No tags</span>
              )}
            </span>
          </td>
          <td className="px-4 py-3 max-sm:order-4 max-sm:p-0">
            <span className="text-gray-600 sm:hidden">Quantity </span>
            {formatCount(Number(plan.amount))}
          </td>
          <td className="px-4 py-3 max-sm:order-5 max-sm:p-0 max-sm:text-right">
            <span className="text-gray-600 sm:hidden">Price </span>
            {formatInr(Math.round(plan.price * 100))}
          </td>
          <td className="px-4 py-3 max-sm:order-6 max-sm:col-span-2 max-sm:p-0">
            <PlanAtPanelCell atPanel={plan.atPanel} />
          </td>
          <td className="px-4 py-3 max-sm:order-3 max-sm:p-0 max-sm:text-right">
            <OnOffBadge
              on={plan.isEnabled}
              words={["Enabled", "Disabled"]}
              className={plan.isEnabled ? "" : "bg-gray-200 text-gray-700"}
            />
          </td>
          <td className="px-4 py-3 max-sm:order-7 max-sm:col-span-2 max-sm:p-0">
            <div className="flex gap-1 max-sm:justify-end">
              <Button
                asChild
                variant="ghost"
                size="inline"
                className="rounded-md p-2 font-normal text-gray-700 max-sm:p-3"
              >
                <a aria-label={`Edit ${plan.name}`} title={`Edit ${plan.name}`} {...editLink(plan)}>
                  <Pencil className="size-4" aria-hidden />
                </a>
              </Button>
              <IconButton
                label={`${plan.isEnabled ? "Disable" : "Enable"} ${plan.name}`}
                onClick={() => onToggle(plan)}
                disabled={busy}
              >
                <Power className="size-4" aria-hidden />
              </IconButton>
              <IconButton label={`Delete ${plan.name}`} onClick={() => onDelete(plan)} disabled={busy} danger>
                <Trash2 className="size-4" aria-hidden />
              </IconButton>
            </div>
          </td>
        </tr>
      ))}
    </RecordTable>
  );
}

function IconButton(props: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="inline"
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
      className={`rounded-md p-2 font-normal max-sm:p-3 ${props.danger ? "text-red-700" : "text-gray-700"}`}
    >
      {props.children}
    </Button>
  );
}
