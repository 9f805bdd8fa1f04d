import type { ServiceType } from "~/domain/panel/service-types";

/**
 * Which panel service a plan's orders go to (issue 32, point 2): the one the
 * plan names, else the one its panel names for its type, or the Custom
 * Comments one for a plan whose buyers write the comments. An order keeps the
 * service its plan named when it was bought. "" when none is set.
 */

export interface DefaultServices {
  /** Panel service id per shop service; empty when not set. */
  serviceIds: Record<ServiceType, string>;
  /** The Custom Comments service; empty when not set. */
  customCommentsServiceId: string;
}

export interface ServiceChoice {
  panel_service_id: string | null;
  service_type: ServiceType;
  /** The buyer writes the comments (a custom-comments plan, or an order that carries them). */
  customComments: boolean;
}

export function chosenServiceId(choice: ServiceChoice, defaults: DefaultServices): string {
  const own = choice.panel_service_id?.trim();
  if (own) return own;
  if (choice.service_type === "comments" && choice.customComments) return defaults.customCommentsServiceId.trim();
  return defaults.serviceIds[choice.service_type].trim();
}

/** The choice an order carries: its own service, its type, whether it brought the buyer's comments. */
export function orderChoice(order: {
  panel_service_id: string | null;
  service_type: ServiceType;
  comments: string | null;
}): ServiceChoice {
  return {
    panel_service_id: order.panel_service_id,
    service_type: order.service_type,
    customComments: order.comments !== null,
  };
}

/** The choice a plan makes. */
export function planChoice(plan: {
  panel_service_id: string | null;
  service_type: ServiceType;
  custom_comments: number;
}): ServiceChoice {
  return {
    panel_service_id: plan.panel_service_id,
    service_type: plan.service_type,
    customComments: plan.custom_comments === 1,
  };
}
