import type { ComponentProps } from "react";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";

/**
 * The admin's pages outside its panel (sign-in, first-run setup, an error):
 * one card in the middle of a plain grey page, no menu. `className` adjusts
 * the card (its width, its alignment).
 */
export function AdminFrame({ className, children, ...props }: ComponentProps<"main">) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10" {...props}>
      <Card padding="lg" className={cn("w-full max-w-sm", className)}>
        {children}
      </Card>
    </main>
  );
}
