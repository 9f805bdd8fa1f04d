import { describe, expect, it } from "vitest";
import { inertHydration } from "./inert-hydration.server";
import { INERT_MODULE_TYPE } from "~/lib/page-handle";

const page = (nonce: string) =>
  `<html><head><link rel="modulepreload" href="/assets/entry.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/enhance.js"/><link rel="modulepreload" href="/assets/enhance.js"/>` +
  `<link rel="stylesheet" href="/a.css"/></head><body>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">import * as route0 from "/assets/root.js";</script>` +
  `<script type="module" src="/assets/main.js"></script></body></html>`;

describe("inertHydration", () => {
  it("drops React Router's preloads, keeps the islands' and makes the app's module script inert", () => {
    const html = inertHydration(page(""), new Set(["/assets/enhance.js"]));
    expect(html).not.toContain("/assets/entry.js");
    expect(html.match(/<link rel="modulepreload" href="\/assets\/enhance.js"\/>/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(html).toContain(`<script type="${INERT_MODULE_TYPE}">import * as route0`);
    // The context script still runs at once; the islands script is left alone.
    expect(html).toContain("<script>window.__reactRouterContext");
    expect(html).toContain('<script type="module" src="/assets/main.js">');
  });

  it("keeps a per-response nonce on the inert script, for the islands script to pass on", () => {
    const html = inertHydration(page(' nonce="abc"'), new Set());
    expect(html).toContain(`<script nonce="abc" type="${INERT_MODULE_TYPE}">`);
    expect(html).not.toContain("modulepreload");
  });

  it("makes the inert script import the page's words, which then come beside the app", () => {
    const html = inertHydration(page(""), new Set(), "/assets/hi-abc.js");
    expect(html).toContain(`<script type="${INERT_MODULE_TYPE}">import "/assets/hi-abc.js";import * as route0`);
  });

  it("fails the render when React Router's module script is not in the form it expects", () => {
    const changed = page("").replace('type="module" async=""', 'async="" type="module"');
    expect(() => inertHydration(changed, new Set())).toThrow(/0 module scripts of React Router's form/);
  });
});
