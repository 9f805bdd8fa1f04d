import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { DefaultServices } from "~/domain/panel/service-choice";
import type { CurrencySettings } from "~/domain/panel/money";
import type { ServiceTerms } from "~/domain/panel/parse";
import { planCost } from "~/domain/plans/plan-cost";
import type { ServiceType } from "~/domain/panel/service-types";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatCount, formatInr, parseRupeesToPaise } from "~/lib/money";

/** One panel: its services, the ones it names per type, its currency (the Plans page's loader hands each). */
export interface PanelForPlans {
  id: number;
  name: string;
  isDefault: boolean;
  services: ServiceTerms[];
  defaults: DefaultServices;
  currency: CurrencySettings;
}

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
 * The plan's panel service, picked from its panel's last services list (typed
 * or chosen from the suggestions), with what that service is: rate, the
 * quantities it takes, refill, cancel and drip-feed, and what this plan would
 * cost there and keep, as the operator types the quantity and price.
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
}) {
  const typed = String(field.value ?? "").trim();
  const byType =
    fallback || !panel
      ? ""
      : serviceType === "comments" && customComments
        ? panel.defaults.customCommentsServiceId
        : panel.defaults.serviceIds[serviceType];
  const serviceId = typed || byType;
  const services = panel?.services ?? [];
  const terms = services.find((s) => s.serviceId === serviceId) ?? null;
  const listId = `${field.id}-list`;
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
          : services.length === 0
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
            list={listId}
            size="sm"
            inputMode="numeric"
            placeholder={byType || (fallback ? "None" : "Service ID")}
            autoComplete="off"
            disabled={disabled}
          />
          <datalist id={listId}>
            {services.map((s) => (
              <option key={s.serviceId} value={s.serviceId}>
                {`${s.name}${s.rate ? ` · ${s.rate}/1000` : ""}`}
              </option>
            ))}
          </datalist>
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
                  <p>
                    {terms.rate !== null
                      ? `${terms.rate} ${panel!.currency.panelCurrency || "INR"} per 1000`
                      : "No rate"}
                    {" · takes "}
                    {terms.min !== null ? formatCount(terms.min) : "any"}–
                    {terms.max !== null ? formatCount(terms.max) : "any"}
                  </p>
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
              ) : (
                <p>
                  Service {serviceId} is not in {panel ? `${panel.name}'s` : "your panel's"} last services list.
                </p>
              )}
            </div>
          )}
        </>
      )}
    </Field>
  );
}
