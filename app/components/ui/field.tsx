import { type VariantProps, cva } from "class-variance-authority";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "~/lib/cn";

export const labelVariants = cva("mb-1 block text-sm", {
  variants: { size: { sm: "font-medium", lg: "font-semibold" } },
  defaultVariants: { size: "lg" },
});

export function Label({
  className,
  size,
  htmlFor,
  children,
  ...props
}: ComponentProps<"label"> & VariantProps<typeof labelVariants>) {
  return (
    <label htmlFor={htmlFor} className={cn(labelVariants({ size }), className)} {...props}>
      {children}
    </label>
  );
}

/** Helping text under a control; give it the id the control names in `aria-describedby`. */
export function FieldHint({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("mt-1 text-xs text-gray-600", className)} {...props} />;
}

/** An error message, announced as it appears. */
export function FieldError({ className, ...props }: ComponentProps<"p">) {
  return <p role="alert" className={cn("mt-1 text-sm font-medium text-red-700", className)} {...props} />;
}

/** What a Field hands its control so the label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
}

/**
 * A label, one control, and its hint and error, wired together: the label
 * names the control, the hint and error describe it, and an error marks it
 * invalid. The control is rendered by `children`, so it can be an Input, a
 * group with a prefix, or a row with a button.
 */
export function Field({
  label,
  id: givenId,
  hint,
  error,
  invalid,
  describedBy,
  size,
  className,
  children,
}: {
  label: ReactNode;
  id?: string;
  hint?: ReactNode;
  /** Shown under the control; marks it invalid. */
  error?: ReactNode;
  /** Invalid because of an error shown elsewhere (name that error in `describedBy`). */
  invalid?: boolean;
  /** Ids of other elements that describe the control. */
  describedBy?: string;
  size?: VariantProps<typeof labelVariants>["size"];
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [describedBy, hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id} size={size}>
        {label}
      </Label>
      {children({ id, "aria-invalid": Boolean(error) || Boolean(invalid), "aria-describedby": described })}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
