import type { Route } from "./+types/health";
import { DatabaseBackupsCard } from "~/components/admin/health/database-backups-card";
import { HealthChecks } from "~/components/admin/health/health-checks";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { listDatabaseBackups } from "~/domain/backups/database-backup.server";
import { authorizeBackupDownload } from "~/domain/backups/database-download.server";
import { healthActionSchema } from "~/domain/health/health-actions";
import { shopHealth } from "~/domain/health/health.server";
import { adminTitle } from "~/routes/admin/title";
import { pageAction } from "~/lib/server/api.server";
import { formFailure, parseForm } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";
import { withRetryAfter } from "~/lib/server/retry-after";
import { DocLink } from "~/components/admin/doc-link";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Health") }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const services = context.get(servicesContext);
  const [report, backups] = await Promise.all([
    shopHealth(services),
    services.dialect === "sqlite" ? listDatabaseBackups(services.config.BACKUP_DIR) : Promise.resolve([]),
  ]);
  return {
    report,
    backups: backups.slice(0, 50).map(({ name, bytes, createdAt, offsite }) => ({ name, bytes, createdAt, offsite })),
  };
}

/** Passes on the action's Retry-After when it refuses a password attempt with 429. */
export const headers: Route.HeadersFunction = withRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, healthActionSchema);
  if (submission.status !== "success") return formFailure(submission, { hideFields: ["currentPassword"] });
  const { db, config } = context.get(servicesContext);
  const { backup, currentPassword } = submission.value;
  return pageAction(() =>
    authorizeBackupDownload(db, config.BACKUP_DIR, admin, { backup, currentPassword }, requestClient(request)),
  );
}

const GROUPS: Array<{ title: string; keys: (key: string) => boolean }> = [
  { title: "Background jobs", keys: (k) => k.startsWith("job:") || k === "restarts" },
  { title: "SMM panel", keys: (k) => k === "panel" },
  { title: "Receiving accounts", keys: (k) => k === "receiving-accounts" },
  {
    title: "Backups and storage",
    keys: (k) => ["backups", "offsite", "stream", "bucket", "database"].includes(k) || k.startsWith("folder:"),
  },
  { title: "Alert channels", keys: (k) => k.startsWith("alerts:") },
];

export default function HealthPage({ loaderData }: Route.ComponentProps) {
  const { report, backups } = loaderData;
  const failing = report.checks.filter((c) => c.status === "failing");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Health</h1>
        <p className="mt-1 text-sm text-gray-600">
          What runs behind the shop. A red line is failing and you were alerted about it once (Settings → Alerts); amber
          is worth a look. An uptime monitor reads the same as JSON at <code>/readyz</code> (<DocLink name="deploy" />
          ).
        </p>
        <p
          role="status"
          className={`mt-3 rounded-lg px-3 py-2 text-sm font-medium ${failing.length ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}
        >
          {failing.length === 0
            ? "Everything is running."
            : `${failing.length === 1 ? "1 thing needs" : `${failing.length} things need`} attention: ${failing.map((c) => c.label).join(", ")}.`}
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          {GROUPS.slice(0, 2).map((g) => (
            <HealthChecks key={g.title} title={g.title} checks={report.checks.filter((c) => g.keys(c.key))} />
          ))}
        </div>
        <div className="space-y-6">
          {GROUPS.slice(2).map((g) => (
            <HealthChecks key={g.title} title={g.title} checks={report.checks.filter((c) => g.keys(c.key))} />
          ))}
          <DatabaseBackupsCard
            backups={backups}
            now={report.checkedAt}
            folder={report.backups.folder}
            offsite={report.backups.offsite}
            intervalHours={report.backups.intervalHours}
            postgres={report.database.dialect === "postgres"}
          />
        </div>
      </div>
    </div>
  );
}
