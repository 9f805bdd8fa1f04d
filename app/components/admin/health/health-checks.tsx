import { Badge, type BadgeTone } from "~/components/ui/badge";
import { TitledCard } from "~/components/ui/card";
import { HelpText } from "~/components/admin/help-text";

export interface CheckView {
  key: string;
  label: string;
  status: "ok" | "warn" | "failing" | "off";
  summary: string;
}

const LOOK: Record<CheckView["status"], { tone: BadgeTone; word: string; row: string }> = {
  failing: { tone: "danger", word: "Failing", row: "bg-red-50" },
  warn: { tone: "attention", word: "Check", row: "" },
  ok: { tone: "success", word: "OK", row: "" },
  off: { tone: "neutral", word: "Off", row: "" },
};

/** One titled list of checks: a red row is failing (the operator was alerted), amber is worth a look. */
export function HealthChecks({ title, checks }: { title: string; checks: CheckView[] }) {
  const id = `health-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <TitledCard
      title={title}
      headingId={id}
      headingClassName="px-5 pt-4 pb-2 text-lg font-semibold"
      radius="lg"
      padding="none"
    >
      <ul className="divide-y divide-gray-100">
        {checks.map((check) => {
          const look = LOOK[check.status];
          return (
            <li
              key={check.key}
              data-status={check.status}
              className={`flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-5 py-3 ${look.row}`}
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">{check.label}</p>
                <p className={`text-sm break-words ${check.status === "failing" ? "text-red-800" : "text-gray-600"}`}>
                  <HelpText text={check.summary} />
                </p>
              </div>
              <Badge tone={look.tone}>{look.word}</Badge>
            </li>
          );
        })}
      </ul>
    </TitledCard>
  );
}
