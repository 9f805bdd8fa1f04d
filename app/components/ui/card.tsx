import { type VariantProps, cva } from "class-variance-authority";
import * as Slot from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A white box with a light border: forms, order status, sections of the admin. */
export const cardVariants = cva("border border-gray-200 bg-white", {
  variants: {
    radius: { lg: "rounded-xl", xl: "rounded-2xl" },
    padding: { none: "", sm: "p-4", md: "p-5", lg: "p-6" },
    shadow: { none: "", sm: "shadow-sm" },
  },
  defaultVariants: { radius: "xl", padding: "md", shadow: "sm" },
});

export type CardVariants = VariantProps<typeof cardVariants>;

/** A `<div>`, or with `asChild` the element it wraps (a section, form, article or list item). */
export function Card({
  className,
  radius,
  padding,
  shadow,
  asChild = false,
  ...props
}: ComponentProps<"div"> & CardVariants & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : "div";
  return <Component className={cn(cardVariants({ radius, padding, shadow }), className)} {...props} />;
}
