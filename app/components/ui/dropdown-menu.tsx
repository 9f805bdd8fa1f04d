import { type VariantProps, cva } from "class-variance-authority";
import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/*
 * A menu behind a button, on Radix's dropdown menu (arrow keys, type-ahead,
 * Escape, focus back to the button). Not modal by default: a modal menu hides
 * the rest of the page with aria-hidden while its links and buttons stay
 * focusable, which screen readers trip over; Escape, a click outside or Tab
 * still close it.
 */

export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof MenuPrimitive.Root>) {
  return <MenuPrimitive.Root modal={modal} {...props} />;
}

export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export function DropdownMenuContent({
  className,
  align = "end",
  sideOffset = 4,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn("z-50 rounded-lg border border-gray-200 bg-white p-1 shadow-lg", className)}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export const dropdownMenuItemVariants = cva("cursor-pointer rounded px-2 py-1.5 text-sm outline-none", {
  variants: {
    tone: {
      default: "data-[highlighted]:bg-gray-100",
      /** Signs out, deletes: red. */
      danger: "text-red-700 data-[highlighted]:bg-red-50",
    },
  },
  defaultVariants: { tone: "default" },
});

export function DropdownMenuItem({
  className,
  tone,
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & VariantProps<typeof dropdownMenuItemVariants>) {
  return <MenuPrimitive.Item className={cn(dropdownMenuItemVariants({ tone }), className)} {...props} />;
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn("px-2 py-1.5 text-xs text-gray-600", className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn("my-1 h-px bg-gray-200", className)} {...props} />;
}
