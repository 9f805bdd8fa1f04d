import { type OrderStatus, STATUS_LABELS, STATUS_TONES } from "~/domain/orders/lifecycle";

const SERVICE_COLOURS: Record<string, string> = {
  followers: "bg-blue-100 text-blue-800",
  likes: "bg-green-100 text-green-800",
  views: "bg-purple-100 text-purple-800",
  comments: "bg-orange-100 text-orange-800",
};

const TONE_COLOURS: Record<(typeof STATUS_TONES)[OrderStatus], string> = {
  neutral: "bg-gray-100 text-gray-800",
  attention: "bg-amber-100 text-amber-900",
  progress: "bg-blue-100 text-blue-800",
  success: "bg-green-100 text-green-800",
  danger: "bg-red-100 text-red-800",
};

export function ServiceBadge({ service }: { service: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium capitalize ${SERVICE_COLOURS[service] ?? "bg-gray-100 text-gray-800"}`}
    >
      {service}
    </span>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONE_COLOURS[STATUS_TONES[status]]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
