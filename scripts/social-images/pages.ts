import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { SERVICE_CONTENT } from "../../app/components/buying/service-content";
import service from "../../app/locales/en/service";
import { PAGE_TITLES, articleImageKey } from "../../app/lib/social-image";

export interface SocialPage {
  /** File name under /social/, without .png. */
  key: string;
  title: string;
}

function frontMatterTitles(dir: string): Array<{ slug: string; title: string }> {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => {
      const { data } = matter(readFileSync(join(dir, name), "utf8"));
      if (typeof data.title !== "string") throw new Error(`${join(dir, name)}: no title in its front matter`);
      return { slug: name.replace(/\.md$/, ""), title: data.title };
    });
}

/** Every page that names a social image, with the title drawn on it: the same titles the pages show. */
export function socialPages(root: string): SocialPage[] {
  return [
    ...Object.entries(PAGE_TITLES).map(([key, title]) => ({ key, title })),
    ...Object.values(SERVICE_CONTENT).map((s) => ({ key: s.type, title: service[s.type].title })),
    ...frontMatterTitles(join(root, "content/pages")).map(({ slug, title }) => ({ key: slug, title })),
    ...frontMatterTitles(join(root, "content/blog")).map(({ slug, title }) => ({ key: articleImageKey(slug), title })),
  ];
}
