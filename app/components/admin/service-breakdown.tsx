import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { DashboardService } from "~/domain/dashboard/dashboard.server";
import { formatCount, formatInr } from "~/lib/money";

/** A figure's name, shown only on a phone, where there is no header row. */
function Label({ children }: { children: string }) {
  return <span className="block text-xs text-gray-600 sm:hidden">{children}</span>;
}

const cell = "whitespace-nowrap px-3 py-2 sm:px-4 max-sm:p-0";

/**
 * The dashboard's figures per service: a table on wider screens; on a phone
 * each service becomes a card of four figures, so the amounts (up to lakhs of
 * rupees) never push the page or the table sideways.
 */
export function ServiceBreakdown({ services }: { services: DashboardService[] }) {
  return (
    <section aria-labelledby="by-service" className="rounded-xl border border-gray-200 bg-white">
      <h2 id="by-service" className="px-4 pt-4 text-sm font-semibold">
        By service
      </h2>
      <Table stack className="mt-2">
        <TableHeader className="bg-transparent text-gray-600 max-sm:hidden">
          <TableRow>
            {["Service", "Orders", "Success", "Revenue", "Profit"].map((h) => (
              <TableHead key={h} className="px-3 py-2 font-medium sm:px-4">
                {h}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody className="divide-y-0 max-sm:block">
          {services.map((s) => (
            <TableRow
              key={s.serviceType}
              className="border-t border-gray-100 max-sm:grid max-sm:grid-cols-4 max-sm:gap-x-2 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3"
            >
              <TableCell className={`${cell} font-medium capitalize max-sm:col-span-4 sm:font-normal`}>
                {s.serviceType}
              </TableCell>
              <TableCell className={cell}>
                <Label>Orders</Label>
                {formatCount(s.orders)}
              </TableCell>
              <TableCell className={cell}>
                <Label>Success</Label>
                {formatCount(s.successOrders)}
              </TableCell>
              <TableCell className={cell}>
                <Label>Revenue</Label>
                {formatInr(s.revenuePaise)}
              </TableCell>
              <TableCell className={cell}>
                <Label>Profit</Label>
                {formatInr(s.profitPaise)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
