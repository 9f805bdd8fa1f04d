import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { List } from "lucide-react";
import { useState } from "react";
import { planCost } from "~/domain/plans/plan-cost";
import type { PanelForPlans } from "~/domain/plans/plan-costs.server";
import { Button } from "~/components/ui/button";
import type { ServiceType } from "~/domain/panel/service-types";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatInr, parseRupeesToPaise } from "~/lib/money";
import { ServicePicker, termsLine, useServiceSearch } from "./service-picker";

export type { PanelForPlans };

/** The panel a panel field's value names among the shop's: "" is `empty` (the default, or the plan's own). */
export function panelOfField(
  panels: readonly PanelForPlans[],
  value: string | undefined,
  empty: PanelForPlans | undefined,
): PanelForPlans | undefined {
  const id = String(value ?? "").trim();
  return id === "" ? empty : panels.find((p) => String(p.id) === id);
}

/**
 * The plan's panel service, typed or picked from its panel's last services
 * list (searched a page at a time: service-picker.tsx), with what that service
 * is: rate, the quantities it takes, refill, cancel and drip-feed, and what
 * this plan would cost there and keep, as the operator types the quantity and
 * price. The service's terms are asked of the server as the id changes.
 */
export function PanelServiceField({
  field,
  error,
  panel,
  serviceType,
  customComments,
  quantity,
  price,
  disabled,
  fallback = false,
  onChoose,
}: {
  field: FieldMetadata<string | number | null | undefined>;
  error: string | undefined;
  /** The panel chosen for this service (undefined: the shop has none yet). */
  panel: PanelForPlans | undefined;
  serviceType: ServiceType;
  customComments: boolean;
  quantity: string | undefined;
  price: string | undefined;
  disabled: boolean;
  /** The plan's fallback service: empty means none, not the one its panel names for the type. */
  fallback?: boolean;
  /** Puts a service picked from the list in the field (the dialog's form: `form.update`). */
  onChoose: (serviceId: string) => void;
}) {
  const typed = String(field.value ?? "").trim();
  const byType =
    fallback || !panel
      ? ""
      : serviceType === "comments" && customComments
        ? panel.defaults.customCommentsServiceId
        : panel.defaults.serviceIds[serviceType];
  const serviceId = typed || byType;
  const [browsing, setBrowsing] = useState(false);
  const looked = useServiceSearch(panel && serviceId ? { panelId: panel.id, id: serviceId, q: serviceId } : null);
  const found = looked.state === "done" && looked.current;
  const terms = found ? looked.data.match : null;
  const listId = `${field.id}-services`;
  const amount = Number(String(quantity ?? "").replace(/,/g, ""));
  const pricePaise = parseRupeesToPaise(price ?? "");
  const cost =
    terms && Number.isSafeInteger(amount) && amount > 0 && pricePaise !== null
      ? planCost({ quantity: amount, pricePaise }, terms, panel!.currency)
      : null;

  return (
    <Field
      label={fallback ? "Fallback service (optional)" : "Panel service"}
      id={field.id}
      error={error}
      hint={
        !panel
          ? "Add a panel in Admin → Panels first."
          : panel.servicesCount === 0
            ? `Refresh ${panel.name}'s services in Admin → Panels to choose one here.`
            : fallback
              ? "Sent there, once, when the plan's panel refuses its service (disabled, out of stock) or has no funds. It must keep the plan's price and promises too."
              : `Empty: the ${serviceType} service ${panel.name} names${byType ? ` (${byType})` : " (none set)"}.`
      }
      size="sm"
    >
      {(control) => (
        <>
          <Input
            {...getInputProps(field, { type: "text" })}
            {...control}
            size="sm"
            inputMode="numeric"
            placeholder={fallback ? "Empty means none" : byType ? `Empty means ${byType}` : "e.g. 101"}
            autoComplete="off"
            disabled={disabled}
          />
          {panel && panel.servicesCount > 0 && (
            <Button
              variant="neutral"
              size="sm"
              className="mt-2"
              aria-expanded={browsing}
              aria-controls={browsing ? listId : undefined}
              disabled={disabled}
              onClick={() => setBrowsing(!browsing)}
            >
              <List className="size-4" aria-hidden />
              {browsing
                ? "Hide the services list"
                : `Choose ${fallback ? "the fallback" : "the service"} from ${panel.name}'s services`}
            </Button>
          )}
          {browsing && panel && (
            <ServicePicker
              id={listId}
              panel={panel}
              onPick={(id) => {
                onChoose(id);
                setBrowsing(false);
              }}
            />
          )}
          {serviceId && (
            <div
              className="mt-2 rounded-md bg-gray-50 p-2 text-xs text-gray-700"
              data-testid={fallback ? "fallback-service-terms" : "panel-service-terms"}
            >
              {terms ? (
                <>
                  <p className="font-medium text-gray-900">
                    {serviceId}: {terms.name} <span className="font-normal text-gray-600">at {panel!.name}</span>
                  </p>
                  <p>{termsLine(terms, panel!.currency.panelCurrency)}</p>
                  <p>
                    Refill {terms.refill ? "yes" : "no"} · Cancel {terms.cancel ? "yes" : "no"} · Drip-feed{" "}
                    {terms.dripfeed ? "yes" : "no"}
                  </p>
                  {cost?.costPaise != null && (
                    <p className={cost.marginPaise! < 0 ? "font-semibold text-red-700" : "text-green-800"}>
                      This plan costs {formatInr(cost.costPaise)} there; you keep {formatInr(cost.marginPaise!)}
                    </p>
                  )}
                </>
              ) : found || !panel ? (
                <p>
                  Service {serviceId} is not in {panel ? `${panel.name}'s` : "your panel's"} last services list.
                </p>
              ) : looked.state === "failed" ? (
                <p>{looked.message}</p>
              ) : (
                <p>Looking up service {serviceId}…</p>
              )}
            </div>
          )}
        </>
      )}
    </Field>
  );
}
