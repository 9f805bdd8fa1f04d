import { Form, Link } from "react-router";

interface Props {
  action: string;
  actor: string;
  from: string;
  to: string;
  actions: string[];
  actors: string[];
}

const field =
  "w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

/** The Audit page's filters: a plain GET form, so every view has its own URL. */
export function AuditFilters({ action, actor, from, to, actions, actors }: Props) {
  return (
    <Form
      method="get"
      // New URL, new defaults: the fields show the filters in force.
      key={[action, actor, from, to].join("\u0000")}
      className="grid grid-cols-2 gap-3 rounded-xl border border-gray-200 bg-white p-4 xl:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
      aria-label="Filter the audit log"
    >
      <label className="col-span-2 block text-sm font-medium sm:col-span-1">
        Action
        <select name="action" defaultValue={action} className={`mt-1 ${field}`}>
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
        <input
          name="actor"
          defaultValue={actor}
          list="audit-actors"
          maxLength={100}
          placeholder="Anyone"
          autoComplete="off"
          className={`mt-1 ${field}`}
        />
        <datalist id="audit-actors">
          {actors.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </label>
      <label className="block text-sm font-medium">
        From (IST)
        <input type="date" name="from" defaultValue={from} className={`mt-1 ${field}`} />
      </label>
      <label className="block text-sm font-medium">
        To (IST)
        <input type="date" name="to" defaultValue={to} className={`mt-1 ${field}`} />
      </label>
      <div className="col-span-2 flex items-end gap-2 xl:col-span-1">
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Filter
        </button>
        <Link to="/admin/audit" className="rounded-lg px-3 py-2 text-sm text-gray-700 underline">
          Clear
        </Link>
      </div>
    </Form>
  );
}
