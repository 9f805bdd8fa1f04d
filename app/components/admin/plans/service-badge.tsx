import { Badge } from "~/components/ui/badge";
import { SERVICE_TONES } from "../order-badges";

export function ServiceTypeBadge({ type }: { type: string }) {
  return (
    <Badge tone={SERVICE_TONES[type] ?? "neutral"} className="capitalize">
      {type}
    </Badge>
  );
}
