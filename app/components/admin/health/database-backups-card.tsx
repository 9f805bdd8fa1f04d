import { Download, Loader2 } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatAge, formatBytes } from "~/domain/health/format";
import { DocLink } from "~/components/admin/doc-link";

export interface BackupView {
  name: string;
  bytes: number;
  createdAt: number;
  offsite: { bucket: string; key: string; uploadedAt: number } | null;
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/**
 * The whole-database backups: the latest's age, size and where it went, and
 * a download of any of them. A backup holds the shop's secrets, so the
 * download asks for the admin password first (a one-time link follows).
 */
export function DatabaseBackupsCard(props: {
  backups: BackupView[];
  now: number;
  folder: string;
  offsite: string | null;
  intervalHours: number;
  postgres: boolean;
}) {
  const fetcher = useFetcher<{ ok: boolean; message: string; downloadUrl?: string }>();
  const working = fetcher.state !== "idle";
  useActionToast(fetcher, { failureTitle: "The backup was not downloaded" });
  const url = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.downloadUrl : undefined;
  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);
  const latest = props.backups[0];

  return (
    <SectionCard
      id="database-backups"
      title="Database backups"
      className="scroll-mt-20"
      description={
        props.postgres ? (
          <>
            The shop runs on PostgreSQL: back it up with <code>pg_dump -Fc</code> or your provider&apos;s snapshots;{" "}
            <code>npm run restore -- --full</code> restores a dump (<DocLink name="deploy" />
            ).
          </>
        ) : (
          `${
            props.intervalHours > 0
              ? `The whole database, every ${props.intervalHours === 1 ? "hour" : `${props.intervalHours} hours`} (Settings → Database backups), in ${props.folder}`
              : "Switched off in Settings → Database backups"
          }${props.offsite ? `, copied encrypted to ${props.offsite}.` : ". No off-machine copy is set up."}`
        )
      }
    >
      {!props.postgres && (
        <>
          {latest ? (
            <p className="mt-3 text-sm" data-testid="latest-backup">
              Last backup <strong>{formatAge(props.now - latest.createdAt)} ago</strong>, {formatBytes(latest.bytes)},{" "}
              {latest.offsite
                ? `copied to s3://${latest.offsite.bucket}/${latest.offsite.key}`
                : "on this machine only"}
            </p>
          ) : (
            <p className="mt-3 text-sm text-gray-500">No backup yet.</p>
          )}
          {props.backups.length > 0 && (
            <fetcher.Form method="post" className="mt-4 space-y-3">
              <input type="hidden" name="intent" value="download-backup" />
              <fieldset disabled={working} className="space-y-3">
                <legend className="text-sm font-medium">Choose a backup to download</legend>
                <ul className="max-h-72 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200">
                  {props.backups.map((b, i) => (
                    <li key={b.name}>
                      <label className="grid cursor-pointer grid-cols-[auto_1fr] items-center gap-x-3 px-3 py-2 text-sm break-all">
                        <input
                          type="radio"
                          name="backup"
                          value={b.name}
                          defaultChecked={i === 0}
                          className="size-4 accent-brand-600"
                        />
                        {b.name}
                        <span className="col-start-2 text-gray-500">
                          {when.format(b.createdAt)} · {formatBytes(b.bytes)} ·{" "}
                          {b.offsite ? "copied off the machine" : "this machine only"}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
                <Field
                  label="Your admin password"
                  size="sm"
                  hint="A backup holds everything the shop keeps, its payment keys and passwords too: keep the file safe."
                >
                  {(control) => (
                    <Input
                      {...control}
                      name="currentPassword"
                      type="password"
                      autoComplete="current-password"
                      required
                      size="sm"
                    />
                  )}
                </Field>
                <Button type="submit" size="md" variant="secondary">
                  {working ? (
                    <Loader2 className="size-4 animate-spin" aria-hidden />
                  ) : (
                    <Download className="size-4" aria-hidden />
                  )}
                  Download backup
                </Button>
              </fieldset>
            </fetcher.Form>
          )}
        </>
      )}
    </SectionCard>
  );
}
