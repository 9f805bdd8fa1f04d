import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";

/** The time-range toggle of the dashboard and the orders list: one pressed button per range, then extras. */
export function RangeButtons<T extends string>(props: {
  label: string;
  options: ReadonlyArray<readonly [T, string]>;
  value: T;
  onSelect: (value: T) => void;
  children?: React.ReactNode;
}) {
  // Each button only acts through React: disabled until it runs, so a tap is not lost.
  const running = useHydrated();
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={props.label}>
      {props.options.map(([value, text]) => (
        <Button
          key={value}
          variant={props.value === value ? "primary" : "neutral"}
          size="sm"
          aria-pressed={props.value === value}
          onClick={() => props.onSelect(value)}
          disabled={!running}
          className="font-medium"
        >
          {text}
        </Button>
      ))}
      {props.children}
    </div>
  );
}
