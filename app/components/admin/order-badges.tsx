const SERVICE_COLOURS: Record<string, string> = {
  followers: "bg-blue-100 text-blue-800",
  likes: "bg-green-100 text-green-800",
  views: "bg-purple-100 text-purple-800",
  comments: "bg-orange-100 text-orange-800",
};

const STATUS_COLOURS: Record<string, string> = {
  pending: "bg-orange-100 text-orange-800",
  completed: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
  processing: "bg-blue-100 text-blue-800",
  in_progress: "bg-blue-100 text-blue-800",
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

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_COLOURS[status] ?? "bg-gray-100 text-gray-800"}`}
    >
      {status}
    </span>
  );
}
