import { Check, ChevronDown } from "lucide-react";
import * as Select from "@radix-ui/react-select";
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
  return (
    <Select.Root value={value} onValueChange={(v) => onChange(v as V)}>
      <Select.Trigger
        aria-label={label}
        disabled={!running}
        className="inline-flex min-w-36 items-center justify-between gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm hover:bg-gray-50"
      >
        <Select.Value />
        <Select.Icon>
          <ChevronDown className="h-4 w-4 text-gray-600" aria-hidden />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className="z-50 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          <Select.Viewport>
            {options.map(([v, text]) => (
              <Select.Item
                key={v}
                value={v}
                className="flex cursor-pointer items-center justify-between gap-4 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-gray-100"
              >
                <Select.ItemText>{text}</Select.ItemText>
                <Select.ItemIndicator>
                  <Check className="h-4 w-4" aria-hidden />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
