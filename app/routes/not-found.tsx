import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { servicesContext } from "~/context";

/** The 404 carries the brand and public address, so its error page can name them and be shared with a preview. */
export async function loader({ context }: Route.LoaderArgs) {
  const { brandName, publicBaseUrl } = await context.get(servicesContext).settings.get();
  throw data({ brandName, publicBaseUrl }, { status: 404 });
}

export default function NotFound() {
  return null;
}
