import { Link } from "react-router";
import { SectionCard } from "~/components/ui/card";

/** The SMM panels are records on Admin → Panels (ADR 0024): the Settings page only says where. */
export function PanelsMoved() {
  return (
    <SectionCard
      id="smm-settings"
      title="SMM panels"
      description="Where paid orders are sent for fulfilment: each panel's address, API key and services."
    >
      <p className="mt-3 text-sm">
        <Link to="/admin/panels" className="font-medium text-brand-700 underline underline-offset-2">
          Set up your panels on Admin → Panels
        </Link>
      </p>
    </SectionCard>
  );
}
