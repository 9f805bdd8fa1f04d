import { type VariantProps, cva } from "class-variance-authority";
import * as Slot from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * Every button and button-looking link. The keyboard focus ring is the global
 * `:focus-visible` outline in app.css, so buttons do not draw their own.
 * Sizes carry the radius: the admin's compact controls are `rounded-lg`, the
 * storefront's larger ones `rounded-xl`.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 text-center font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50",
  {
    variants: {
      variant: {
        primary: "bg-brand-600 text-white hover:bg-brand-700",
        /** White with a brand ring: the second choice beside a primary one. */
        secondary: "bg-white text-brand-700 shadow-sm ring-1 ring-brand-500 hover:bg-brand-50",
        /** Brand border on the page's own background. */
        outline: "border border-brand-600 text-brand-700 hover:bg-brand-50",
        /** Grey border: cancel, filters and other quiet actions. */
        neutral: "border border-gray-300 bg-white hover:bg-gray-50",
        danger: "bg-red-600 text-white hover:bg-red-700",
        /** Darker red: deletes data for good (backed up first). */
        destroy: "bg-red-700 text-white hover:bg-red-800",
        /** Red text and border: a destructive action offered beside others, confirmed in a dialog. */
        dangerOutline: "border border-red-300 text-red-700 hover:bg-red-50",
        success: "bg-green-700 text-white hover:bg-green-800",
        /** Opens a WhatsApp chat with the shop. */
        whatsapp: "border border-green-700 text-green-800 hover:bg-green-50",
        ghost: "hover:bg-gray-100",
        /** Grey text that darkens: a Back button. */
        quiet: "text-gray-700 hover:text-ink",
        link: "text-brand-700 underline",
        /** On the brand gradient. */
        inverse: "bg-white text-brand-700 shadow hover:bg-brand-50",
        inverseOutline: "text-white ring-2 ring-white/80 hover:bg-white/10",
        /** Round previous/next arrows. */
        arrow:
          "rounded-full border border-gray-300 bg-white text-ink shadow-sm hover:border-brand-500 hover:text-brand-700",
      },
      size: {
        /** A table row's actions in the admin. */
        xs: "rounded-md px-2 py-1 text-xs",
        sm: "rounded-lg px-3 py-1.5 text-sm",
        md: "rounded-lg px-4 py-2",
        lg: "rounded-xl px-5 py-2.5",
        xl: "rounded-xl px-5 py-3",
        "2xl": "rounded-xl px-7 py-3.5 text-base",
        icon: "size-11 rounded-full",
        /** No box: for `link` buttons that sit in running text. */
        inline: "",
      },
    },
    defaultVariants: { variant: "primary", size: "xl" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

/** A `<button>` (type="button" unless told otherwise), or with `asChild` the one element it wraps (a Link). */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  ...props
}: ComponentProps<"button"> & ButtonVariants & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type={asChild ? type : (type ?? "button")}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
