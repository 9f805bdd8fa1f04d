import { type VariantProps, cva } from "class-variance-authority";
import * as Slot from "@radix-ui/react-slot";
import type { ComponentProps, ReactNode } from "react";
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

/**
 * A titled section of an admin page in a card: its heading names the region
 * (so `getByRole("region", { name })` and a screen reader's landmarks find it),
 * a line under it says what it is for. `id` anchors it (`/admin/settings#…`).
 */
export function SectionCard({
  id,
  title,
  description,
  badge,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** Said beside the title: the section's state ("On", "WhatsApp off"). */
  badge?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={`${id}-title`} className="text-lg font-semibold">
      {title}
    </h2>
  );
  return (
    <Card asChild radius="lg">
      <section id={id} aria-labelledby={`${id}-title`} className={className}>
        {badge ? (
          <div className="flex items-center justify-between gap-2">
            {heading}
            {badge}
          </div>
        ) : (
          heading
        )}
        <p className="mt-1 text-sm text-gray-600">{description}</p>
        {children}
      </section>
    </Card>
  );
}
