import { Download } from "lucide-react";
import { Card } from "~/components/ui/card";

interface Backup {
  name: string;
  bytes: number;
  createdAt: number;
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** Backups the danger zone wrote; `npm run restore -- <name>` puts one back. */
export function BackupsCard({ backups }: { backups: Backup[] }) {
  return (
    <Card asChild radius="lg">
      <section aria-labelledby="backups-title">
        <h2 id="backups-title" className="text-lg font-semibold">
          Backups
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Written before every deletion. To put one back, run <code>npm run restore -- &lt;file name&gt;</code> on the
          server. Backups never hold the SMM panel API key: enter it again after restoring the panel settings.
        </p>
        {backups.length === 0 ? (
          <p className="mt-3 text-sm text-gray-500">No backups yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-100">
            {backups.map((b) => (
              <li key={b.name} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-mono">{b.name}</span>
                  <span className="ml-2 text-gray-500">
                    {when.format(b.createdAt)} · {Math.max(1, Math.round(b.bytes / 1024))} KB
                  </span>
                </span>
                <a
                  href={`/api/admin/backups/${encodeURIComponent(b.name)}`}
                  download
                  className="flex items-center gap-1 font-medium text-brand-700 hover:underline"
                >
                  <Download className="size-4" aria-hidden /> Download
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
