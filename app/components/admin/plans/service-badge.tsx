const COLOURS: Record<string, string> = {
  followers: "bg-blue-100 text-blue-800",
  likes: "bg-green-100 text-green-800",
  views: "bg-purple-100 text-purple-800",
  comments: "bg-orange-100 text-orange-800",
};

export function ServiceTypeBadge({ type }: { type: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${COLOURS[type] ?? "bg-gray-100 text-gray-800"}`}
    >
      {type}
    </span>
  );
}
