import type { ComponentProps } from "react";
import { Input } from "~/components/ui/input";
import { UTR_LENGTH, stripUtr } from "~/domain/orders/utr";

/**
 * The one field a UPI reference (UTR) is typed or pasted into: the buyer's
 * "I have paid" and the operator's refund reference. A pasted "6123 4567
 * 8907" keeps every digit: separators go as it is typed, and the field holds
 * up to 40 characters, so nothing is cut before its check (readUtr) says what
 * is wrong with it.
 */
export function UtrInput({
  value,
  onValue,
  ...input
}: { value: string; onValue: (utr: string) => void } & Omit<
  ComponentProps<typeof Input>,
  "value" | "onChange" | "inputMode" | "maxLength"
>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      maxLength={40}
      value={value}
      onChange={(e) => onValue(stripUtr(e.target.value).slice(0, 40))}
      {...input}
    />
  );
}

export { UTR_LENGTH };
