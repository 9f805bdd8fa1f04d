import { useTranslation } from "react-i18next";

/**
 * The buyer's own comments of a custom-comments order, as the shop keeps them
 * (and sends them to the panel), folded away: there may be hundreds.
 */
export function CommentsList({ comments }: { comments: readonly string[] | null }) {
  const { t } = useTranslation("order");
  if (!comments || comments.length === 0) return null;
  return (
    <details className="mt-3 text-left text-sm" data-testid="order-comments">
      <summary className="cursor-pointer font-semibold text-ink">
        {t("comments.heading", { count: comments.length })}
      </summary>
      <ol className="mt-2 max-h-64 list-decimal space-y-1 overflow-y-auto pl-6 text-gray-800">
        {comments.map((comment, i) => (
          // The same text may be written twice: its place in the list tells them apart.
          <li key={i} className="break-words">
            {comment}
          </li>
        ))}
      </ol>
    </details>
  );
}
