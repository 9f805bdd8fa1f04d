import { type VariantProps, cva } from "class-variance-authority";
import * as CheckboxPrimitive from "@radix-ui/react-checkbox";
import { Check } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * A box drawn by the page rather than the browser, on Radix's checkbox (a
 * `button role="checkbox"` that also sends a value inside a form once React
 * runs). A plain form that must post before hydration uses
 * `<input type="checkbox">` with `nativeCheckboxClass` instead.
 */
export const checkboxVariants = cva("flex size-5 shrink-0 items-center justify-center rounded", {
  variants: {
    tone: {
      /** The storefront's agreement box. */
      brand: "border border-gray-400 data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600",
      /** What the Danger Zone will delete. */
      danger: "border-2 border-red-700 bg-white data-[state=checked]:bg-red-700 disabled:opacity-40",
    },
  },
  defaultVariants: { tone: "brand" },
});

const checkSize = { brand: "size-4", danger: "size-3.5" } as const;

export function Checkbox({
  className,
  tone,
  ...props
}: ComponentProps<typeof CheckboxPrimitive.Root> & VariantProps<typeof checkboxVariants>) {
  return (
    <CheckboxPrimitive.Root className={cn(checkboxVariants({ tone }), className)} {...props}>
      <CheckboxPrimitive.Indicator>
        <Check aria-hidden className={cn(checkSize[tone ?? "brand"], "text-white")} />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/** The browser's own checkbox in the brand colour: the admin's forms, which post before React runs. */
export const nativeCheckboxClass = "h-4 w-4 accent-brand-600";
