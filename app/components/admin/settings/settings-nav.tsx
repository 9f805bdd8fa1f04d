/**
 * "Jump to" for the Settings page (issue 45: it was one 8,620 px page with no
 * way to a section): plain links to each card's anchor, so they work before
 * React runs. On a phone a row under the header that scrolls sideways; on a
 * laptop a column beside the cards that stays in view.
 */
export const SETTINGS_SECTIONS = [
  ["payment-settings", "Payment"],
  ["payment-alerts", "Payment alerts (SMS)"],
  ["bank-email-alerts", "Bank e-mail alerts"],
  ["payment-gateway", "Payment gateway"],
  ["operator-alerts", "Alerts"],
  ["store-settings", "Store details"],
  ["credentials-settings", "Admin login"],
  ["smm-settings", "SMM panels"],
  ["schedule-settings", "Database backups"],
  ["danger-zone", "Danger zone"],
  ["backups-settings", "Restore a backup"],
] as const;

export function SettingsNav() {
  return (
    <nav
      aria-label="Settings sections"
      className="sticky top-14 z-10 -mx-4 mb-4 border-b border-gray-200 bg-gray-50/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:top-20 lg:mx-0 lg:mb-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0"
    >
      <p className="sr-only lg:not-sr-only lg:mb-2 lg:text-xs lg:font-semibold lg:tracking-wide lg:text-gray-500 lg:uppercase">
        Jump to
      </p>
      <ul className="flex gap-2 overflow-x-auto text-sm whitespace-nowrap lg:flex-col lg:gap-0.5 lg:overflow-visible lg:whitespace-normal">
        {SETTINGS_SECTIONS.map(([id, label]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="block rounded-full border border-gray-300 bg-white px-3 py-1 text-gray-800 hover:border-brand-500 hover:text-brand-700 lg:rounded-md lg:border-0 lg:bg-transparent lg:px-2 lg:py-1"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
