import { createContext, useContext } from "react";

const InlineCssContext = createContext<string | null>(null);

/** Set by entry.server with the built stylesheet's text. */
export const InlineCssProvider = InlineCssContext.Provider;

let keptFromServer: string | null | undefined;

/**
 * The site's stylesheet, inlined into <head>: on a phone over mobile data a
 * separate stylesheet request competes with the scripts for bandwidth and
 * holds back the first paint. The browser keeps the text the server sent
 * (so hydration matches without shipping the CSS again in JavaScript); where
 * the server had no text (development), it links the file instead.
 */
export function SiteStyles({ href }: { href: string }) {
  const serverCss = useContext(InlineCssContext);
  const css =
    typeof document === "undefined"
      ? serverCss
      : (keptFromServer ??= document.getElementById("site-css")?.textContent ?? null);
  if (css === null) return <link rel="stylesheet" href={href} />;
  return <style id="site-css" dangerouslySetInnerHTML={{ __html: css }} />;
}
