import { Select } from "~/components/ui/select";
import { useHydrated } from "~/lib/use-hydrated";

export function StatusSelect<V extends string>({
  value,
  options,
  onChange,
  label = "Status",
}: {
  value: V;
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (value: V) => void;
  label?: string;
}) {
  // Opens nothing until React runs: disabled until then, so a tap is not lost.
  const running = useHydrated();
  return <Select value={value} options={options} onChange={onChange} label={label} disabled={!running} />;
}
