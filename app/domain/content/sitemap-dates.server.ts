import type { DB } from "~/db/database.server";
import { SERVICE_TYPES } from "~/domain/panel/service-types";
import type { BlogPost } from "./blog.server";
import { POLICY_SLUGS, policyLastUpdated } from "./pages.server";
import { PUBLIC_PAGES } from "./public-pages";

type PublicPage = (typeof PUBLIC_PAGES)[number];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const latest = (...days: Array<string | undefined>) =>
  days.filter((d): d is string => Boolean(d)).reduce((a, b) => (b > a ? b : a));

/**
 * The day each indexable page last changed, for the sitemap's <lastmod>. The pages' words come from the code
 * and content/ of this build, so a page changed at the latest on `buildDay`; on top of that, a service page
 * changes when one of its packages does (and the home page, which quotes starting prices, when any does); a
 * policy says its own "Last updated" day; the blog index changes with its newest article.
 */
export async function publicPageDates(
  db: DB,
  buildDay: string,
  posts: readonly BlogPost[],
): Promise<Record<PublicPage, string>> {
  const rows = await db
    .selectFrom("plans")
    .select(["service_type", db.fn.max("updated_at").as("changed")])
    .groupBy("service_type")
    .execute();
  const planDay = new Map(rows.map((r) => [r.service_type, r.changed === null ? undefined : day(Number(r.changed))]));
  const dates = Object.fromEntries(PUBLIC_PAGES.map((path) => [path, buildDay])) as Record<PublicPage, string>;
  for (const type of SERVICE_TYPES) dates[`/${type}`] = latest(buildDay, planDay.get(type));
  dates["/"] = latest(buildDay, ...planDay.values());
  for (const slug of POLICY_SLUGS) dates[`/${slug}`] = policyLastUpdated(slug) ?? buildDay;
  dates["/blog"] = latest(...posts.map((p) => p.modified), posts.length ? undefined : buildDay);
  return dates;
}
