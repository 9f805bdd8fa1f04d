/** The time-range toggle of the dashboard and the orders list: one pressed button per range, then extras. */
export function RangeButtons<T extends string>(props: {
  label: string;
  options: ReadonlyArray<readonly [T, string]>;
  value: T;
  onSelect: (value: T) => void;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={props.label}>
      {props.options.map(([value, text]) => (
        <button
          key={value}
          type="button"
          aria-pressed={props.value === value}
          onClick={() => props.onSelect(value)}
          className={`rounded-lg px-3 py-1.5 text-sm font-medium ${props.value === value ? "bg-brand-600 text-white" : "border border-gray-300 bg-white hover:bg-gray-50"}`}
        >
          {text}
        </button>
      ))}
      {props.children}
    </div>
  );
}
