import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/audit";
import { AuditEntries } from "~/components/admin/audit/audit-entries";
import { AuditFilters } from "~/components/admin/audit/audit-filters";
import { servicesContext } from "~/context";
import { auditFilters, auditPosition, auditSearch, formatCursor, parseAuditQuery } from "~/domain/audit/audit-query";
import { auditActions, auditActors, listAuditLog } from "~/domain/audit/audit.server";
import { toAuditEntryView } from "~/domain/audit/audit-view";
import { requireAdmin } from "~/domain/auth/guard.server";
import { plural } from "~/lib/plural";

export const meta: Route.MetaFunction = () => [{ title: "Audit · Admin" }];

export async function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db } = context.get(servicesContext);
  const query = parseAuditQuery(url.searchParams);
  const [page, actions, actors] = await Promise.all([
    listAuditLog(db, auditFilters(query), auditPosition(query)),
    auditActions(db),
    auditActors(db),
  ]);
  return {
    query,
    entries: page.entries.map(toAuditEntryView),
    newer: page.newer ? auditSearch(query, { before: "", after: formatCursor(page.newer) }) : null,
    older: page.older ? auditSearch(query, { after: "", before: formatCursor(page.older) }) : null,
    actions,
    actors,
  };
}

const pageLink = "rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-50";
const noPage = "rounded-lg border border-gray-200 px-3 py-1.5 text-sm text-gray-400";

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { query, entries, newer, older, actions, actors } = loaderData;
  const loading = useNavigation().state === "loading";
  const filtered = Boolean(query.action || query.actor || query.from || query.to);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Audit</h1>
        <p className="mt-1 text-sm text-gray-600">
          Every admin action and sign-in, newest first, with the address and browser it came from. Times are IST.
        </p>
      </div>
      <AuditFilters query={query} actions={actions} actors={actors} />
      <p className="text-sm text-gray-700" aria-live="polite">
        {loading
          ? "Loading..."
          : `${plural(entries.length, "entry", "entries")} on this page${filtered ? " (filtered)" : ""}`}
      </p>
      <div className={loading ? "opacity-60" : ""}>
        <AuditEntries entries={entries} />
      </div>
      {(newer || older) && (
        <nav className="flex items-center justify-between gap-2" aria-label="Pagination">
          <PageLink to={newer}>Newer</PageLink>
          <PageLink to={older}>Older</PageLink>
        </nav>
      )}
    </div>
  );
}

/** A link to the next page of entries, or its greyed-out place when there is none. */
function PageLink({ to, children }: { to: string | null | undefined; children: string }) {
  return to ? (
    <Link to={to} className={pageLink}>
      {children}
    </Link>
  ) : (
    <span className={noPage} aria-disabled="true">
      {children}
    </span>
  );
}
