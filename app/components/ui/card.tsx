import { type VariantProps, cva } from "class-variance-authority";
import * as Slot from "@radix-ui/react-slot";
import { type ComponentProps, type ReactNode, useId } from "react";
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
 * A card that is a region named by its heading: a `<section>` labelled by its `<h2>`, so
 * `getByRole("region", { name })` and a screen reader's landmarks find it. `aside` stands beside
 * the heading (a state, a button); `id` anchors the section (`/admin/settings#…`).
 */
export function TitledCard({
  title,
  headingId,
  headingClassName = "text-lg font-semibold",
  aside,
  id,
  className,
  children,
  ...variants
}: CardVariants & {
  title: ReactNode;
  /** The heading's id, when something links to it; otherwise one of React's. */
  headingId?: string;
  headingClassName?: string;
  aside?: ReactNode;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const labelId = headingId ?? generated;
  const heading = (
    <h2 id={labelId} className={headingClassName}>
      {title}
    </h2>
  );
  return (
    <Card asChild {...variants} className={className}>
      <section id={id} aria-labelledby={labelId}>
        {aside ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            {heading}
            {aside}
          </div>
        ) : (
          heading
        )}
        {children}
      </section>
    </Card>
  );
}

/** A titled section of an admin page in a card, with a line under its heading saying what it is for. */
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
  return (
    <TitledCard id={id} headingId={`${id}-title`} title={title} aside={badge} radius="lg" className={className}>
      <p className="mt-1 text-sm text-gray-600">{description}</p>
      {children}
    </TitledCard>
  );
}
