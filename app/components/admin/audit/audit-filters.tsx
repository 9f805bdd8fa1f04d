import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cardVariants } from "~/components/ui/card";
import { Input, inputVariants } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import type { AuditQuery } from "~/domain/audit/audit-query";

interface Props {
  /** The filters in force (the page's query, read from its URL). */
  query: Pick<AuditQuery, "action" | "actor" | "from" | "to">;
  /** The actions and actors the log holds, to choose from. */
  actions: string[];
  actors: string[];
}

const field = cn(inputVariants({ size: "sm" }), "mt-1");

/** The Audit page's filters: a plain GET form, so every view has its own URL. */
export function AuditFilters({ query, actions, actors }: Props) {
  const { action, actor, from, to } = query;
  return (
    <Form
      method="get"
      // New URL, new defaults: the fields show the filters in force.
      key={[action, actor, from, to].join("\u0000")}
      className={cn(
        cardVariants({ radius: "lg", padding: "sm", shadow: "none" }),
        "grid grid-cols-2 gap-3 xl:grid-cols-[repeat(4,minmax(0,1fr))_auto]",
      )}
      aria-label="Filter the audit log"
    >
      <label className="col-span-2 block text-sm font-medium sm:col-span-1">
        Action
        <select name="action" defaultValue={action} className={field}>
          <option value="">All actions</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <label className="col-span-2 block text-sm font-medium sm:col-span-1">
        Actor
        <Input
          size="sm"
          name="actor"
          defaultValue={actor}
          list="audit-actors"
          maxLength={100}
          placeholder="Empty means anyone"
          autoComplete="off"
          className="mt-1"
        />
        <datalist id="audit-actors">
          {actors.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </label>
      <label htmlFor="audit-from" className="block text-sm font-medium">
        From (IST)
        <Input size="sm" id="audit-from" type="date" name="from" defaultValue={from} className="mt-1" />
      </label>
      <label htmlFor="audit-to" className="block text-sm font-medium">
        To (IST)
        <Input size="sm" id="audit-to" type="date" name="to" defaultValue={to} className="mt-1" />
      </label>
      <div className="col-span-2 flex items-end gap-2 xl:col-span-1">
        <Button type="submit" size="md" className="text-sm">
          Filter
        </Button>
        <Button asChild variant="quiet" size="md" className="px-3 text-sm font-normal underline">
          <Link to="/admin/audit">Clear</Link>
        </Button>
      </div>
    </Form>
  );
}
