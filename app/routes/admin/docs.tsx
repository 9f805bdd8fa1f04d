import { Link, data } from "react-router";
import type { Route } from "./+types/docs";
import { requireAdmin } from "~/domain/auth/guard.server";
import { operatorDoc, operatorDocs } from "~/domain/content/operator-docs.server";
import { adminTitle } from "~/routes/admin/title";
import { operatorDocHref } from "~/lib/operator-docs";

/** A guide from docs/, readable on the operator's phone (issue 45): help texts link here. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: adminTitle(matches, loaderData?.doc.title ?? "Guide") },
];

export function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const doc = operatorDoc(params.name);
  if (!doc) throw data(null, { status: 404 });
  return { doc, guides: operatorDocs() };
}

export default function OperatorDocPage({ loaderData }: Route.ComponentProps) {
  const { doc, guides } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <nav aria-label="Guides" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {guides.map((guide) =>
          guide.name === doc.name ? (
            <span key={guide.name} aria-current="page" className="font-semibold text-gray-900">
              {guide.title}
            </span>
          ) : (
            <Link key={guide.name} to={operatorDocHref(guide.name)} className="text-brand-700 underline">
              {guide.title}
            </Link>
          ),
        )}
      </nav>
      <article className="rounded-xl bg-white p-4 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{doc.title}</h1>
        <div
          className="article mt-4 text-base [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-3 [&_pre]:text-sm"
          dangerouslySetInnerHTML={{ __html: doc.html }}
        />
      </article>
    </div>
  );
}
