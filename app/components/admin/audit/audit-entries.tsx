import { Link } from "react-router";
import { istDate, istDateTime } from "~/lib/ist-time";
import type { AuditEntryView } from "~/domain/audit/audit-view";

// One grid for the header row and every entry on wide screens; below xl each entry is a card.
const COLUMNS = "xl:grid xl:grid-cols-[7rem_6rem_8rem_8rem_minmax(0,1fr)_11rem] xl:gap-x-3";

function Target({ type, id }: { type: string | null; id: string | null }) {
  if (!type && !id) return <span className="text-gray-500">—</span>;
  if (type === "order" && id) {
    return (
      <Link to={`/admin/orders/${encodeURIComponent(id)}`} className="font-mono text-blue-700 underline">
        {id}
      </Link>
    );
  }
  const label = { plan: "Plan", settings: "Settings", admin: "Admin", panel: "Panel", backup: "Backup" }[type ?? ""];
  const name = type === "plan" || type === "admin" ? `#${id}` : (id ?? "");
  return <span className="[overflow-wrap:anywhere]">{`${label ?? type ?? ""} ${name}`.trim()}</span>;
}

/** A field's caption: shown on the phone cards, left to the header row on wide screens. */
function Caption({ children }: { children: string }) {
  return (
    <span className="block text-[11px] font-semibold uppercase tracking-wide text-gray-500 xl:sr-only">{children}</span>
  );
}

function Entry({ entry }: { entry: AuditEntryView }) {
  // Phone cards lead with the action and time and leave out empty fields; the wide grid keeps the header's columns.
  return (
    <li
      data-testid="audit-entry"
      className={`grid grid-cols-2 gap-x-3 gap-y-2 rounded-xl border border-gray-200 bg-white p-3 text-sm xl:rounded-none xl:border-0 xl:border-t xl:border-gray-100 xl:px-4 xl:py-3 ${COLUMNS}`}
    >
      <div className="order-2 text-right xl:order-none xl:text-left">
        <Caption>Time (IST)</Caption>
        <time dateTime={new Date(entry.at).toISOString()}>
          <span className="whitespace-nowrap">{istDate(entry.at)}</span>{" "}
          <span className="whitespace-nowrap text-gray-600 xl:block">{istDateTime(entry.at, true).slice(11)}</span>
        </time>
      </div>
      <div className="order-3 xl:order-none">
        <Caption>Actor</Caption>
        <span className="font-medium [overflow-wrap:anywhere]">{entry.actor}</span>
      </div>
      <div className="order-1 self-center xl:order-none xl:self-auto">
        <Caption>Action</Caption>
        <span className="inline-block rounded-md bg-gray-100 px-2 py-0.5 font-mono text-xs font-semibold text-gray-800 [overflow-wrap:anywhere]">
          {entry.action}
        </span>
      </div>
      <div className="order-4 xl:order-none">
        <Caption>Target</Caption>
        <Target type={entry.targetType} id={entry.targetId} />
      </div>
      <div className={`order-5 col-span-2 xl:order-none xl:col-span-1 ${entry.details.length ? "" : "max-xl:hidden"}`}>
        <Caption>Details</Caption>
        {entry.details.length === 0 ? (
          <span className="text-gray-500">—</span>
        ) : (
          <dl className="space-y-0.5">
            {entry.details.map(([key, value], i) => (
              <div key={`${key}-${i}`} className="[overflow-wrap:anywhere]">
                {key && <dt className="inline text-gray-600">{key}: </dt>}
                <dd className="inline">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div
        className={`order-6 col-span-2 xl:order-none xl:col-span-1 ${entry.clientIp || entry.userAgent ? "" : "max-xl:hidden"}`}
      >
        <Caption>Client</Caption>
        {entry.clientIp || entry.userAgent ? (
          <>
            <span className="block font-mono text-xs break-all">{entry.clientIp || "unknown address"}</span>
            {entry.userAgent && (
              <span title={entry.userAgent} className="line-clamp-3 text-xs text-gray-600 [overflow-wrap:anywhere]">
                {entry.userAgent}
              </span>
            )}
          </>
        ) : (
          <span className="text-gray-500">—</span>
        )}
      </div>
    </li>
  );
}

/** The audit log, newest first: cards on a phone, a grid of columns on a wide screen. */
export function AuditEntries({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) {
    return (
      <p className="rounded-xl border border-gray-200 bg-white p-8 text-center text-gray-600">
        No audit entries match these filters.
      </p>
    );
  }
  return (
    <div className="xl:overflow-hidden xl:rounded-xl xl:border xl:border-gray-200 xl:bg-white">
      <div aria-hidden className={`hidden bg-gray-50 px-4 py-2 text-xs font-semibold text-gray-700 ${COLUMNS}`}>
        <span>Time (IST)</span>
        <span>Actor</span>
        <span>Action</span>
        <span>Target</span>
        <span>Details</span>
        <span>Client</span>
      </div>
      <ol className="space-y-3 xl:space-y-0" aria-label="Audit entries">
        {entries.map((e) => (
          <Entry key={e.id} entry={e} />
        ))}
      </ol>
    </div>
  );
}
