import { type VariantProps, cva } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * Text inputs. An input marked `aria-invalid` (Field does it while it shows an
 * error) gets a red border, so the colour always matches what a screen reader hears.
 */
export const inputVariants = cva(
  "block w-full border border-gray-300 bg-white outline-none aria-invalid:border-red-600 disabled:bg-gray-100 disabled:text-gray-500",
  {
    variants: {
      size: {
        /** The admin's compact fields. */
        sm: "rounded-lg px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100",
        /** Beside a storefront button of size `lg`. */
        md: "rounded-xl px-3 py-2.5 text-base focus:ring-2 focus:ring-brand-500",
        /** Storefront forms: 16 px text, so phones do not zoom in on focus. */
        lg: "rounded-xl px-4 py-3 text-base focus:ring-2 focus:ring-brand-500",
      },
    },
    defaultVariants: { size: "lg" },
  },
);

export type InputVariants = VariantProps<typeof inputVariants>;

export function Input({ className, size, ...props }: Omit<ComponentProps<"input">, "size"> & InputVariants) {
  return <input className={cn(inputVariants({ size }), className)} {...props} />;
}
