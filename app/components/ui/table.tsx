import { type VariantProps, cva } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/*
 * Data tables of the admin. On phones a table may turn each row into a card
 * (`stack`): the header row hides and every row and cell becomes a block the
 * screen lays out with its own `max-sm:` classes.
 */

/** The bordered, scrolling frame a wide table sits in. */
export function TableFrame({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("overflow-x-auto rounded-xl border border-gray-200 bg-white", className)} {...props} />;
}

export const tableVariants = cva("w-full text-left text-sm", {
  variants: { stack: { true: "max-sm:block", false: "" } },
  defaultVariants: { stack: false },
});

export function Table({ className, stack, ...props }: ComponentProps<"table"> & VariantProps<typeof tableVariants>) {
  return <table className={cn(tableVariants({ stack }), className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-gray-50 text-xs text-gray-700", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-gray-100", className)} {...props} />;
}

export function TableRow(props: ComponentProps<"tr">) {
  return <tr {...props} />;
}

export const tableCellVariants = cva("", {
  variants: { density: { compact: "px-2 py-2", regular: "px-4 py-3" } },
  defaultVariants: { density: "regular" },
});

export function TableHead({
  className,
  density,
  scope = "col",
  ...props
}: ComponentProps<"th"> & VariantProps<typeof tableCellVariants>) {
  return <th scope={scope} className={cn(tableCellVariants({ density }), "font-semibold", className)} {...props} />;
}

export function TableCell({
  className,
  density,
  ...props
}: ComponentProps<"td"> & VariantProps<typeof tableCellVariants>) {
  return <td className={cn(tableCellVariants({ density }), className)} {...props} />;
}

/** The one row of a table with nothing to list. */
export function TableEmpty({
  colSpan,
  className,
  children,
}: {
  colSpan: number;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <tr className="max-sm:block">
      <td colSpan={colSpan} className={cn("px-4 py-8 text-center text-gray-600 max-sm:block", className)}>
        {children}
      </td>
    </tr>
  );
}
