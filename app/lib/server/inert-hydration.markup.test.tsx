import { renderToString } from "react-dom/server";
import {
  type EntryContext,
  Outlet,
  RouterContextProvider,
  Scripts,
  type ServerBuild,
  ServerRouter,
  createRequestHandler,
} from "react-router";
import { describe, expect, it } from "vitest";
import { inertHydration } from "./inert-hydration.server";
import { INERT_MODULE_TYPE } from "~/lib/page-handle";

/**
 * inertHydration on the markup React Router itself writes, not on a copy of
 * it: a two-route build (a root and an on-intent page) rendered by the
 * installed react-router's own request handler, ServerRouter and <Scripts>.
 * Should an upgrade write its preloads or its module script another way,
 * this fails here, before any page ships hydrating at once (ADR 0011).
 */
function renderedPage(nonce: string | undefined): Promise<string> {
  const Root = () => (
    <html lang="en">
      <head />
      <body>
        <Outlet />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
  const Page = () => <main>Followers</main>;
  const entryRoute = (id: string, parentId: string | undefined, path: string | undefined) => ({
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    module: `/assets/${id}.js`,
    imports: [`/assets/${id}-shared.js`],
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
  });
  const build = {
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: EntryContext) => {
          const html = renderToString(<ServerRouter context={context} url={request.url} nonce={nonce} />);
          headers.set("Content-Type", "text/html");
          return new Response(`<!DOCTYPE html>${html}`, { status, headers });
        },
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: Root } },
      page: { id: "page", parentId: "root", path: "followers", module: { default: Page } },
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: ["/assets/chunk-react.js"] },
      routes: { root: entryRoute("root", undefined, ""), page: entryRoute("page", "root", "followers") },
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return handler(new Request("http://localhost/followers"), new RouterContextProvider()).then((r) => r.text());
}

describe("inertHydration on React Router's own markup", () => {
  it.each([
    ["without a nonce (the page cache)", undefined],
    ["with a per-response nonce", "abc123"],
  ])("drops its preloads and makes its one module script inert, %s", async (_name, nonce) => {
    const html = await renderedPage(nonce);
    // What React Router wrote: preloads of the entry and routes, and one module script importing them.
    expect(html).toContain('rel="modulepreload" href="/assets/entry.client.js"');
    expect(html).toMatch(/<script[^>]* type="module"/);

    const inert = inertHydration(html, new Set(["/assets/page-shared.js"]), "/assets/en.js");
    expect(inert).not.toContain('href="/assets/entry.client.js"');
    expect(inert.match(/rel="modulepreload"/g)).toHaveLength(1);
    expect(inert).not.toMatch(/<script[^>]* type="module"/);
    const opening = `<script${nonce ? ` nonce="${nonce}"` : ""} type="${INERT_MODULE_TYPE}">import "/assets/en.js";`;
    expect(inert).toContain(opening);
    // The inert script still holds the app's imports, for the islands script to start at the first intent.
    const body = inert.slice(inert.indexOf(opening) + opening.length);
    expect(body.slice(0, body.indexOf("</script>"))).toContain("/assets/entry.client.js");
  });
});
