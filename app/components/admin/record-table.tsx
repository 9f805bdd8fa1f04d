import type { ReactNode } from "react";

/**
 * The table of an admin record page (Plans, Coupons): headings on wider
 * screens; on a phone each row becomes a card (the rows' own `max-sm:` classes
 * lay it out), so nothing needs a sideways scroll. `empty` is said in place of
 * the rows when there are none.
 */
export function RecordTable({
  headings,
  empty,
  children,
}: {
  headings: readonly string[];
  /** The text of the one row shown when there are no records; null when there are. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="w-full text-left text-sm max-sm:block sm:min-w-[760px]">
        <thead className="bg-gray-50 text-xs uppercase text-gray-600 max-sm:hidden">
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 max-sm:block">
          {empty === null ? (
            children
          ) : (
            <tr className="max-sm:block">
              <td colSpan={headings.length} className="px-4 py-8 text-center text-gray-500 max-sm:block">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
