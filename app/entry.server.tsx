import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { nonceContext, pageCacheRenderContext } from "~/context";
import { NonceProvider } from "~/lib/nonce";
import { preloadModule } from "react-dom";
import { localeFromPath } from "~/lib/i18n/locale";
import { pageScripts } from "~/lib/page-handle";
import { PageScriptsProvider } from "~/lib/page-scripts";
import { inertHydration } from "~/lib/server/inert-hydration.server";
import islands from "virtual:islands";
import { localeChunk } from "~/lib/server/locale-chunks.server";
import { registerResources } from "~/locales/resources";
import { en } from "~/locales/en";
import { hi } from "~/locales/hi";

// The server renders both languages; each render makes its own i18next over these (app/root.tsx).
registerResources("en", en);
registerResources("hi", hi);

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Empty when the page is rendered for the public page cache, whose CSP lists script hashes instead.
  const nonce = loadContext.get(nonceContext) || undefined;
  const forPageCache = loadContext.get(pageCacheRenderContext);
  const scripts = pageScripts(
    routerContext.staticHandlerContext.matches.map((m) => routerContext.routeModules[m.route.id]?.handle),
    request.method.toUpperCase(),
    new URL(request.url).searchParams,
  );
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready. A page whose
    // scripts wait for the visitor is rewritten as a whole (app/lib/server/inert-hydration.server.ts).
    const readyOption: keyof RenderToPipeableStreamOptions =
      forPageCache || scripts === "on-intent" || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <PageScriptsProvider value={scripts}>
          {scripts === "react" && <PreloadWords locale={localeFromPath(new URL(request.url).pathname)} />}
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageScriptsProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const onEnd = () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          };
          const body =
            scripts === "on-intent"
              ? rewrittenBody(
                  (html) =>
                    inertHydration(
                      html,
                      new Set(islands.imports),
                      localeChunk(localeFromPath(new URL(request.url).pathname)),
                    ),
                  onEnd,
                )
              : coalescedBody(onEnd);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error("rendering the page shell failed", { cause: error }));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * Names the page's language chunk in the head (`<link rel="modulepreload">`),
 * so it downloads beside the entry script instead of after it: the entry
 * waits for it before hydrating. Renders nothing, so hydration sees the same tree.
 */
function PreloadWords({ locale }: { locale: ReturnType<typeof localeFromPath> }) {
  const href = localeChunk(locale);
  if (href) preloadModule(href, { as: "script" });
  return null;
}

/**
 * React hands a page over in 2 KB pieces and the server flushes compression
 * after each piece it forwards (so that streamed parts reach the browser at
 * once). Piece by piece, the 150 KB home page went out a half larger gzipped
 * (39 KB instead of 24 KB) and took one event-loop round trip per piece, which
 * under load held a page for seconds. Pieces written in the same turn of the
 * event loop leave together; later streamed parts still leave as they come.
 */
function coalescedBody(onEnd: () => void): Transform {
  let pending: Buffer[] = [];
  const release = () => {
    if (pending.length > 0) body.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (pending.length === 0) setImmediate(release);
      pending.push(chunk);
      callback();
    },
    flush(callback) {
      release();
      onEnd();
      callback();
    },
  });
  return body;
}

/** The whole document at once, changed by `rewrite`: for pages rendered with `onAllReady`, so nothing waits longer. */
function rewrittenBody(rewrite: (html: string) => string, onEnd: () => void): Transform {
  const pieces: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pieces.push(chunk);
      callback();
    },
    flush(callback) {
      onEnd();
      let html: string;
      try {
        html = rewrite(Buffer.concat(pieces).toString("utf8"));
      } catch (error) {
        // Nothing was sent yet: the page fails (a 500 and a log line) rather than going out unrewritten.
        callback(error as Error);
        return;
      }
      callback(null, Buffer.from(html, "utf8"));
    },
  });
}
