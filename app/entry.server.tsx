import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { nonceContext } from "~/context";
import { htmlCache, htmlCacheKey } from "~/lib/html-cache.server";
import siteCssHref from "~/app.css?url";
import { NonceProvider } from "~/lib/nonce";
import { InlineCssProvider } from "~/lib/site-styles";
import { readSiteCss } from "~/lib/site-styles.server";

// Re-exported so the Express server fills the very context objects the routes read.
export { nonceContext, servicesContext } from "~/context";

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
  const nonce = loadContext.get(nonceContext);
  // Pages that opt in (the blog) are rendered once per version of their loader data.
  const cacheKey =
    process.env.NODE_ENV === "production" ? htmlCacheKey(request, responseStatusCode, routerContext, nonce) : null;
  const cached = cacheKey && htmlCache.get(cacheKey, nonce);
  if (cached) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(cached, { headers: responseHeaders, status: responseStatusCode });
  }

  const siteCss = await readSiteCss(siteCssHref);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      cacheKey || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={siteCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (cacheKey) {
            const recorder = htmlCache.recorder(cacheKey, nonce, () => responseStatusCode === 200);
            recorder.pipe(body);
            pipe(recorder);
          } else {
            pipe(body);
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
