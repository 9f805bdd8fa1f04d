import { type VariantProps, cva } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A small rounded label: an order's state, a service, a plan's tag, a ribbon. */
export const badgeVariants = cva("inline-flex items-center gap-1 whitespace-nowrap rounded-full", {
  variants: {
    tone: {
      neutral: "bg-gray-100 text-gray-800",
      attention: "bg-amber-100 text-amber-900",
      progress: "bg-blue-100 text-blue-800",
      success: "bg-green-100 text-green-800",
      danger: "bg-red-100 text-red-800",
      /** A soft warning on white: the checkout's countdown. */
      warning: "bg-amber-50 text-amber-800",
      brand: "bg-brand-50 text-brand-700",
      /** Checked and true: a verified result. */
      verified: "bg-emerald-50 text-emerald-800",
      solid: "bg-brand-600 text-white",
      /** On a tinted background. */
      white: "bg-white text-ink shadow-sm",
      violet: "bg-purple-100 text-purple-800",
      orange: "bg-orange-100 text-orange-800",
    },
    size: {
      xs: "px-2 py-0.5 text-xs font-medium",
      sm: "px-2.5 py-0.5 text-xs font-semibold",
      md: "px-3 py-1 text-sm font-semibold",
    },
  },
  defaultVariants: { tone: "neutral", size: "sm" },
});

export type BadgeVariants = VariantProps<typeof badgeVariants>;
export type BadgeTone = NonNullable<BadgeVariants["tone"]>;

/** Whether something is switched on: green with its "on" word, grey with its "off" word ("On" and "Off" unless given). */
export function OnOffBadge({
  on,
  words = ["On", "Off"],
  ...props
}: Omit<ComponentProps<typeof Badge>, "tone" | "children"> & {
  on: boolean;
  words?: readonly [on: string, off: string];
}) {
  return (
    <Badge tone={on ? "success" : "neutral"} {...props}>
      {on ? words[0] : words[1]}
    </Badge>
  );
}

export function Badge({ className, tone, size, ...props }: ComponentProps<"span"> & BadgeVariants) {
  return <span className={cn(badgeVariants({ tone, size }), className)} {...props} />;
}
