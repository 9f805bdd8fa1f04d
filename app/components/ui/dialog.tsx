import { type VariantProps, cva } from "class-variance-authority";
import * as AlertPrimitive from "@radix-ui/react-alert-dialog";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/*
 * Modal dialogs on Radix's primitives, which bring what a modal owes its
 * user: focus moves into it and stays there, Escape and the close button shut
 * it, focus returns to what opened it, and the page behind is inert.
 * `Dialog` is dismissable (Escape, a click outside); `AlertDialog` asks a
 * question and closes only through its own buttons.
 */

export const dialogOverlayClass = "fixed inset-0 z-40 bg-black/50";

export const dialogContentVariants = cva("fixed z-50 bg-white shadow-xl", {
  variants: {
    layout: {
      /** In the middle of the screen. */
      center:
        "top-1/2 left-1/2 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl p-6",
      /** A sheet rising from the bottom of a phone; centred from the `sm` breakpoint. */
      sheet:
        "inset-x-0 bottom-0 max-h-[92vh] overflow-y-auto rounded-t-2xl p-5 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
    },
  },
  defaultVariants: { layout: "center" },
});

type ContentProps = VariantProps<typeof dialogContentVariants> & { overlayClassName?: string };

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * A toast sits above every dialog (app/components/ui/toast.tsx) but outside
 * it: a tap on its × or its text is no tap "outside" the dialog, which would
 * otherwise close behind it and lose what the buyer typed.
 */
function onToast(event: Event): boolean {
  const target = (event as CustomEvent<{ originalEvent?: Event }>).detail?.originalEvent?.target ?? event.target;
  return target instanceof Element && target.closest("[data-sonner-toaster]") !== null;
}

function keepOpenForToasts<E extends Event>(handler: ((event: E) => void) | undefined) {
  return (event: E) => {
    if (onToast(event)) event.preventDefault();
    else handler?.(event);
  };
}

export function DialogContent({
  className,
  layout,
  overlayClassName,
  onPointerDownOutside,
  onInteractOutside,
  onFocusOutside,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & ContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn(dialogOverlayClass, overlayClassName)} />
      <DialogPrimitive.Content
        className={cn(dialogContentVariants({ layout }), className)}
        onPointerDownOutside={keepOpenForToasts(onPointerDownOutside)}
        onInteractOutside={keepOpenForToasts(onInteractOutside)}
        onFocusOutside={keepOpenForToasts(onFocusOutside)}
        {...props}
      />
    </DialogPrimitive.Portal>
  );
}

export const dialogTitleClass = "text-lg font-bold";
export const dialogDescriptionClass = "mt-1 text-sm text-gray-700";

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn(dialogTitleClass, className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn(dialogDescriptionClass, className)} {...props} />;
}

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;
export const AlertDialogAction = AlertPrimitive.Action;
export const AlertDialogCancel = AlertPrimitive.Cancel;

export function AlertDialogContent({
  className,
  layout,
  overlayClassName,
  ...props
}: ComponentProps<typeof AlertPrimitive.Content> & ContentProps) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className={cn(dialogOverlayClass, overlayClassName)} />
      <AlertPrimitive.Content className={cn(dialogContentVariants({ layout }), className)} {...props} />
    </AlertPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertPrimitive.Title>) {
  return <AlertPrimitive.Title className={cn(dialogTitleClass, className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertPrimitive.Description>) {
  return <AlertPrimitive.Description className={cn(dialogDescriptionClass, className)} {...props} />;
}
