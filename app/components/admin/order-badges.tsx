import { Badge, type BadgeTone } from "~/components/ui/badge";
import { type OrderStatus, STATUS_LABELS, STATUS_TONES } from "~/domain/orders/lifecycle";

/** Each service in its own colour, in the orders list, an order's page and the plans. */
export const SERVICE_TONES: Record<string, BadgeTone> = {
  followers: "progress",
  likes: "success",
  views: "violet",
  comments: "orange",
};

export function ServiceBadge({ service }: { service: string }) {
  return (
    <Badge tone={SERVICE_TONES[service] ?? "neutral"} size="xs" className="capitalize">
      {service}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge data-status={status} tone={STATUS_TONES[status]} size="xs">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
