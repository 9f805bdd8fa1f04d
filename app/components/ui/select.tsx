import * as SelectPrimitive from "@radix-ui/react-select";
import { Check, ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { type InputVariants, inputVariants } from "./input";

/**
 * The browser's own `<select>`, drawn like the text inputs: what a form uses,
 * since it posts before React runs and phones show their own picker.
 */
export function NativeSelect({ className, size, ...props }: Omit<ComponentProps<"select">, "size"> & InputVariants) {
  return <select className={cn(inputVariants({ size }), className)} {...props} />;
}

/**
 * A list box drawn by the page, on Radix's select (keyboard, type-ahead, the
 * chosen item ticked): for a control that acts at once, outside a form (an
 * order's status). `options` are [value, text] pairs.
 */
export function Select<V extends string>({
  value,
  options,
  onChange,
  label,
  disabled,
  className,
}: {
  value: V;
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (value: V) => void;
  /** The trigger's accessible name. */
  label: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <SelectPrimitive.Root value={value} onValueChange={(v) => onChange(v as V)}>
      <SelectPrimitive.Trigger
        aria-label={label}
        disabled={disabled}
        className={cn(
          "inline-flex min-w-36 items-center justify-between gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm hover:bg-gray-50",
          className,
        )}
      >
        <SelectPrimitive.Value />
        <SelectPrimitive.Icon>
          <ChevronDown className="h-4 w-4 text-gray-600" aria-hidden />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          <SelectPrimitive.Viewport>
            {options.map(([v, text]) => (
              <SelectPrimitive.Item
                key={v}
                value={v}
                className="flex cursor-pointer items-center justify-between gap-4 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-gray-100"
              >
                <SelectPrimitive.ItemText>{text}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator>
                  <Check className="h-4 w-4" aria-hidden />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
