import { ChevronDown } from "lucide-react";

/**
 * "Jump to" for the Settings page (issue 45: it was one 8,620 px page with no
 * way to a section): plain links to each card's anchor, so they work before
 * React runs. On a phone a one-line "Jump to a section" under the header that
 * opens into the list (no row that scrolls sideways); on a laptop a column
 * beside the cards that stays in view.
 */
export const SETTINGS_SECTIONS = [
  ["smm-settings", "SMM panels"],
  ["payment-settings", "Payment"],
  ["fees-settings", "Cancellation fee"],
  ["payment-alerts", "Payment alerts (SMS)"],
  ["payment-apps", "Payment app notifications"],
  ["payment-check", "Pay ₹1 to yourself"],
  ["bank-email-alerts", "Bank e-mail alerts"],
  ["payment-gateway", "Payment gateway"],
  ["operator-alerts", "Alerts"],
  ["buyer-messages-settings", "Buyer messages"],
  ["store-settings", "Store details"],
  ["tax-settings", "GST and receipts"],
  ["credentials-settings", "Admin login"],
  ["schedule-settings", "Database backups"],
  ["danger-zone", "Danger zone"],
  ["backups-settings", "Restore a backup"],
] as const;

function Links({ className, onPick }: { className: string; onPick?: (link: HTMLAnchorElement) => void }) {
  return (
    <ul className={className}>
      {SETTINGS_SECTIONS.map(([id, label]) => (
        <li key={id}>
          <a
            href={`#${id}`}
            onClick={(event) => onPick?.(event.currentTarget)}
            className="block rounded-md px-2 py-1.5 text-gray-800 hover:bg-white hover:text-brand-700 lg:py-1"
          >
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SettingsNav() {
  return (
    <>
      <details className="group sticky top-14 z-10 -mx-4 mb-4 border-b border-gray-200 bg-gray-50/95 px-4 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between py-2 text-sm font-semibold text-gray-800 [&::-webkit-details-marker]:hidden">
          Jump to a section
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
        </summary>
        <nav aria-label="Settings sections" className="pb-2">
          {/* A section picked closes the list, so it does not cover the section. */}
          <Links
            className="grid grid-cols-2 gap-x-2 text-sm"
            onPick={(link) => link.closest("details")?.removeAttribute("open")}
          />
        </nav>
      </details>
      <nav aria-label="Settings sections" className="sticky top-20 hidden self-start lg:block">
        <p className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">Jump to</p>
        <Links className="space-y-0.5 text-sm" />
      </nav>
    </>
  );
}
