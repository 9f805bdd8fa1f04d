import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { AdminItem } from "~/domain/social-proof/admin.server";
import type { SocialProofIntent } from "~/domain/social-proof/forms";
import type { AddressLink } from "~/components/admin/entity-dialog";
import { SOCIAL_PROOF_KINDS } from "./kinds";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, TitledCard } from "~/components/ui/card";

type Kind = keyof typeof SOCIAL_PROOF_KINDS;

interface Props<T> extends Pick<ItemsProps<T>, "items" | "busy" | "render"> {
  /** The intents' prefix: "testimonial" sends "testimonial.publish", "testimonial.delete". */
  kind: Kind;
  /** The link that opens the dialog (`useAddressDialog`): on an item, or on a new one (null). */
  editLink: (target: { id: number; item: T } | null) => AddressLink;
  /** Sends a publish or unpublish now. */
  onSend: (fields: { intent: `${Kind}.publish`; id: number; published: string }) => void;
  /** Asks first, then sends the delete. */
  onDelete: (request: { intent: SocialProofIntent & `${Kind}.delete`; id: number; title: string }) => void;
}

/**
 * A card of one kind of social proof with its Add button: the operator's items
 * (draft or published) and then the shipped samples, each marked; samples
 * cannot be changed and never reach a shop in production.
 */
export function ItemList<T>({ kind, items, busy, render, editLink, onSend, onDelete }: Props<T>) {
  const { heading, noun } = SOCIAL_PROOF_KINDS[kind];
  const headingId = `${kind}-heading`;
  return (
    <TitledCard
      title={heading}
      headingId={headingId}
      className="space-y-4"
      aside={
        <Button asChild size="md">
          <a {...editLink(null)}>Add {noun}</a>
        </Button>
      }
    >
      <Items
        items={items}
        noun={noun}
        busy={busy}
        render={render}
        editLink={(id, item) => editLink({ id, item })}
        onPublish={(id, published) => onSend({ intent: `${kind}.publish`, id, published: String(published) })}
        onDelete={(id, title) => onDelete({ intent: `${kind}.delete`, id, title })}
      />
    </TitledCard>
  );
}

interface ItemsProps<T> {
  items: AdminItem<T>[];
  /** What the list holds, for labels: "testimonial", "proof card". */
  noun: string;
  busy: boolean;
  /** The item's heading and one line of detail. */
  render: (item: T) => { title: string; body: ReactNode };
  editLink: (id: number, item: T) => AddressLink;
  onPublish: (id: number, published: boolean) => void;
  onDelete: (id: number, title: string) => void;
}

function Items<T>({ items, noun, busy, render, editLink, onPublish, onDelete }: ItemsProps<T>) {
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
                  <Button asChild variant="neutral" size="sm">
                    <a aria-label={`Edit ${noun} ${title}`} {...editLink(entry.id, entry.item)}>
                      <Pencil className="size-4" aria-hidden /> Edit
                    </a>
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
