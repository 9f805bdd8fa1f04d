import { type PlanAtPanel, planProblems } from "~/domain/plans/plan-cost";
import { formatCount, formatInr } from "~/lib/money";

/**
 * A plan's panel service, what it costs there and what the shop keeps, with
 * what stops it being enabled (plan-cost.ts), for the plans table.
 */
export function PlanAtPanelCell({ atPanel }: { atPanel: PlanAtPanel }) {
  const { panelName, serviceId, terms, cost, fallback } = atPanel;
  if (!panelName) return <span className="text-amber-800">No panel: add one in Admin → Panels</span>;
  if (!serviceId) return <span className="text-amber-800">No service set at {panelName}</span>;
  return (
    <div className="space-y-0.5">
      <div className="text-gray-800">
        <span className="block text-xs font-medium text-gray-600" data-testid="plan-panel">
          {panelName}
        </span>
        Service {serviceId}
        {terms && <span className="block max-w-56 truncate text-xs text-gray-600">{terms.name}</span>}
      </div>
      {cost.costPaise === null ? (
        <div className="text-xs text-gray-600">
          {terms ? `Cost unknown (no rate, or set ${panelName}'s INR rate)` : `Not in ${panelName}'s services list`}
        </div>
      ) : (
        <div className="text-xs">
          Cost {formatInr(cost.costPaise)} ·{" "}
          <span className={cost.marginPaise! < 0 ? "font-semibold text-red-700" : "text-green-800"}>
            margin {formatInr(cost.marginPaise!)}
          </span>
        </div>
      )}
      {terms && (terms.min !== null || terms.max !== null) && (
        <div className="text-xs text-gray-600">
          Takes {terms.min !== null ? formatCount(terms.min) : "any"}–
          {terms.max !== null ? formatCount(terms.max) : "any"}
        </div>
      )}
      {fallback && (
        <div className="text-xs text-gray-600">
          Fallback {fallback.serviceId}
          {fallback.panelName && fallback.panelName !== panelName && ` at ${fallback.panelName}`}
          {fallback.cost.costPaise !== null && ` · cost ${formatInr(fallback.cost.costPaise)}`}
        </div>
      )}
      {planProblems(atPanel).map((p, i) => (
        <p key={`${p.field}-${i}`} className="text-xs font-semibold text-red-700" data-testid="plan-flag">
          {p.message}
        </p>
      ))}
    </div>
  );
}
