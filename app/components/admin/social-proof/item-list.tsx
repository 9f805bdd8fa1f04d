import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { AdminItem } from "~/domain/social-proof/admin.server";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

interface Props<T> {
  items: AdminItem<T>[];
  /** What the list holds, for labels: "testimonial", "proof card". */
  noun: string;
  busy: boolean;
  /** The item's heading and one line of detail. */
  render: (item: T) => { title: string; body: ReactNode };
  onEdit: (id: number, item: T) => void;
  onPublish: (id: number, published: boolean) => void;
  onDelete: (id: number, title: string) => void;
}

/**
 * The operator's items (draft or published) and then the shipped samples,
 * each marked; samples cannot be changed and never reach a shop in production.
 */
export function ItemList<T>({ items, noun, busy, render, onEdit, onPublish, onDelete }: Props<T>) {
  return (
    <ul className="space-y-3">
      {items.map((entry) => {
        const { title, body } = render(entry.item);
        return (
          <Card asChild padding="sm" key={entry.sample ? entry.key : entry.id}>
            <li
              data-testid={`${noun.replace(" ", "-")}-item`}
              data-sample={entry.sample ? "true" : undefined}
              className="flex flex-col gap-2 sm:flex-row sm:items-start"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{title}</span>
                  {entry.sample ? (
                    <Badge tone="attention">Sample</Badge>
                  ) : entry.published ? (
                    <Badge tone="success">Published</Badge>
                  ) : (
                    <Badge tone="neutral">Draft</Badge>
                  )}
                </p>
                <div className="mt-1 text-sm text-gray-700">{body}</div>
              </div>
              {!entry.sample && (
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button
                    variant="neutral"
                    size="sm"
                    disabled={busy}
                    aria-label={`Edit ${noun} ${title}`}
                    onClick={() => onEdit(entry.id, entry.item)}
                  >
                    <Pencil className="size-4" aria-hidden /> Edit
                  </Button>
                  <Button
                    variant={entry.published ? "neutral" : "primary"}
                    size="sm"
                    disabled={busy}
                    aria-label={`${entry.published ? "Unpublish" : "Publish"} ${noun} ${title}`}
                    onClick={() => onPublish(entry.id, !entry.published)}
                  >
                    {entry.published ? (
                      <EyeOff className="size-4" aria-hidden />
                    ) : (
                      <Eye className="size-4" aria-hidden />
                    )}
                    {entry.published ? "Unpublish" : "Publish"}
                  </Button>
                  <Button
                    variant="dangerOutline"
                    size="sm"
                    disabled={busy}
                    aria-label={`Delete ${noun} ${title}`}
                    onClick={() => onDelete(entry.id, title)}
                  >
                    <Trash2 className="size-4" aria-hidden /> Delete
                  </Button>
                </div>
              )}
            </li>
          </Card>
        );
      })}
    </ul>
  );
}
