import { Copy } from "lucide-react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";

/**
 * Copies `text` with one tap; where the browser gives no clipboard (a page
 * over plain http, an old phone) it selects the shown text instead, for the
 * operator to copy by hand.
 */
export function CopyButton({
  text,
  label,
  what,
  shown,
}: {
  text: string;
  label: string;
  what: string;
  shown: () => HTMLElement | null;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(`${what} copied`);
    } catch {
      const element = shown();
      if (element) window.getSelection()?.selectAllChildren(element);
      toast.info(`${what} selected: copy it from the menu`);
    }
  }
  return (
    <Button type="button" variant="neutral" size="sm" onClick={() => void copy()} className="gap-1">
      <Copy aria-hidden className="size-4" /> {label}
    </Button>
  );
}
