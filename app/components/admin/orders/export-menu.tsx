import { Download } from "lucide-react";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { OrderFilters } from "~/domain/orders/list.server";
import { apiCall } from "~/lib/client/api-client";
import { exportCountEndpoint } from "~/routes/api/admin/orders-export.types";

const FILTER_KEYS = ["q", "range", "startDate", "endDate", "status"] as const;

/** The list's current filters as the export's query. */
function filterParams(query: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return params;
}

/**
 * Downloads the orders the list's filters match. It counts them first, so an
 * empty export says so instead of downloading a file with a header only.
 */
async function exportOrders(query: OrderFilters, format: "csv" | "xlsx") {
  const params = filterParams(query);
  const counted = await apiCall(exportCountEndpoint, { query: { ...Object.fromEntries(params), count: "1" } });
  if (!counted.ok) return toast.error("Failed to export data", { description: counted.error.message });
  const { count } = counted.data;
  if (!count) return toast.error("No orders to export with current filters");
  params.set("format", format);
  const link = document.createElement("a");
  link.href = `${exportCountEndpoint.path()}?${params}`;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
  toast.success(`Exported ${count} filtered orders to Excel`);
}

export function ExportMenu({ query }: { query: OrderFilters }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="md" className="px-3 text-sm">
          <Download className="h-4 w-4" aria-hidden />
          Export Data
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuItem onSelect={() => void exportOrders(query, "csv")}>CSV (.csv)</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void exportOrders(query, "xlsx")}>Excel (.xlsx)</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
