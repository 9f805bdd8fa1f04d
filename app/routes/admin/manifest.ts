import type { Route } from "./+types/manifest";
import { servicesContext } from "~/context";
import { adminManifest } from "~/lib/admin-manifest";

/**
 * GET /admin/manifest.webmanifest. Outside the admin's guard: browsers fetch
 * manifests without cookies, and it holds nothing but the brand name.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { brandName } = await context.get(servicesContext).settings.get();
  return new Response(JSON.stringify(adminManifest(brandName)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // A renamed shop shows on phones within minutes.
      "Cache-Control": "public, max-age=300",
    },
  });
}
