import { useFetcher } from "react-router";
import type { Route } from "./+types/complaints";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { servicesContext } from "~/context";
import { requireAdmin } from "~/domain/auth/guard.server";
import { complaintActionSchema } from "~/domain/complaints/complaint-actions";
import { ACK_WARN_BEFORE_MS, RESOLVE_WARN_BEFORE_MS, type ClockState, clockState } from "~/domain/complaints/clocks";
import { acknowledgeComplaint, listComplaints, resolveComplaint } from "~/domain/complaints/complaints.server";
import { adminTitle } from "~/routes/admin/title";
import { pageAction } from "~/lib/server/api.server";
import { istDateTime } from "~/lib/ist-time";
import { formFailure, parseForm } from "~/lib/server/parse.server";
import { requestClient } from "~/routes/request-client.server";

/**
 * Admin → Complaints (issue 51, point 1): every buyer's complaint with its
 * two clocks (Consumer Protection (E-Commerce) Rules 2020, rule 4(5): acknowledged
 * within 48 hours, resolved within one month), those running first by the
 * clock due first. The operator acknowledges or resolves each with a note;
 * the audit keeps every step, and the alerts job warns before a clock runs out.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: adminTitle(matches, "Complaints") }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db } = context.get(servicesContext);
  const now = Date.now();
  const rows = await listComplaints(db);
  return {
    now,
    complaints: rows.map((c) => ({
      ticket: c.ticket,
      orderId: c.order_id,
      message: c.message,
      status: c.status,
      createdAt: Number(c.created_at),
      ackDueAt: Number(c.ack_due_at),
      resolveDueAt: Number(c.resolve_due_at),
      ack: clockState(Number(c.ack_due_at), c.acknowledged_at, ACK_WARN_BEFORE_MS, now),
      resolve: clockState(Number(c.resolve_due_at), c.resolved_at, RESOLVE_WARN_BEFORE_MS, now),
      acknowledgedAt: c.acknowledged_at,
      acknowledgedBy: c.acknowledged_by,
      ackNote: c.ack_note,
      resolvedAt: c.resolved_at,
      resolvedBy: c.resolved_by,
      resolutionNote: c.resolution_note,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const submission = await parseForm(request, complaintActionSchema);
  if (submission.status !== "success") return formFailure(submission);
  const { intent, ticket, note } = submission.value;
  const { db } = context.get(servicesContext);
  const actor = { name: admin.username, client: requestClient(request) };
  return pageAction(async () => {
    const done =
      intent === "acknowledge"
        ? await acknowledgeComplaint(db, actor, ticket, note)
        : await resolveComplaint(db, actor, ticket, note);
    return { ok: true as const, message: `Complaint ${done.ticket} ${done.status}` };
  });
}

const CLOCK_WORDS: Record<ClockState, string> = {
  met: "met",
  running: "running",
  due_soon: "due soon",
  overdue: "overdue",
};
const CLOCK_TONE: Record<ClockState, string> = {
  met: "bg-green-50 text-green-800",
  running: "bg-gray-100 text-gray-800",
  due_soon: "bg-amber-100 text-amber-900",
  overdue: "bg-red-100 text-red-800",
};

type Row = Route.ComponentProps["loaderData"]["complaints"][number];

export default function Complaints({ loaderData }: Route.ComponentProps) {
  const { complaints } = loaderData;
  const running = complaints.filter((c) => c.status !== "resolved").length;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Complaints</h1>
      <p className="text-sm text-gray-700">
        Buyers report problems from Track order and Contact Us. The Consumer Protection (E-Commerce) Rules 2020, rule
        4(5), ask you to acknowledge each within 48 hours and resolve it within one month; you are alerted 12 hours and
        5 days before. {running} running.
      </p>
      {complaints.length === 0 ? (
        <Card>No complaints yet.</Card>
      ) : (
        <ul className="space-y-3">
          {complaints.map((c) => (
            <ComplaintCard key={c.ticket} complaint={c} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Clock({ label, state, dueAt }: { label: string; state: ClockState; dueAt: number }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${CLOCK_TONE[state]}`}>
      {label}: {CLOCK_WORDS[state]} (due {istDateTime(dueAt)} IST)
    </span>
  );
}

function ComplaintCard({ complaint: c }: { complaint: Row }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useActionToast(fetcher);
  const busy = fetcher.state !== "idle";
  const noteId = `note-${c.ticket}`;
  return (
    <li id={c.ticket} data-testid="complaint-row" className="scroll-mt-20">
      <Card className="space-y-2 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold">{c.ticket}</span>
          <span className="capitalize" data-testid="complaint-status">
            {c.status}
          </span>
          <a href={`/admin/orders/${c.orderId}`} className="font-mono text-brand-700 hover:underline">
            {c.orderId}
          </a>
          <span className="text-gray-600">{istDateTime(c.createdAt)} IST</span>
        </p>
        <p className="whitespace-pre-wrap break-words">{c.message}</p>
        <p className="flex flex-wrap gap-2">
          <Clock label="Acknowledge" state={c.ack} dueAt={c.ackDueAt} />
          <Clock label="Resolve" state={c.resolve} dueAt={c.resolveDueAt} />
        </p>
        {c.ackNote && (
          <p>
            Acknowledged by {c.acknowledgedBy}: {c.ackNote}
          </p>
        )}
        {c.resolutionNote && (
          <p>
            Resolved by {c.resolvedBy}: {c.resolutionNote}
          </p>
        )}
        {c.status !== "resolved" && (
          <fetcher.Form method="post" className="space-y-2">
            <input type="hidden" name="ticket" value={c.ticket} />
            <label htmlFor={noteId} className="block font-medium">
              Note for the buyer's record
            </label>
            <textarea
              id={noteId}
              name="note"
              rows={2}
              required
              maxLength={1000}
              className="block w-full rounded-lg border border-gray-300 px-3 py-2"
            />
            <div className="flex flex-wrap gap-2">
              {c.status === "open" && (
                <Button type="submit" name="intent" value="acknowledge" size="sm" disabled={busy}>
                  Acknowledge
                </Button>
              )}
              <Button type="submit" name="intent" value="resolve" size="sm" variant="secondary" disabled={busy}>
                Resolve
              </Button>
            </div>
          </fetcher.Form>
        )}
      </Card>
    </li>
  );
}
