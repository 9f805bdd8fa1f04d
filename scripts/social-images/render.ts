import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Resvg, initWasm } from "@resvg/resvg-wasm";
import satori from "satori";
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from "../../app/lib/social-image";

const require = createRequire(import.meta.url);

/** The brand's colours (app/app.css). */
const BRAND = { 50: "#fdf2f8", 100: "#fce7f3", 500: "#d6246e", 700: "#9a174e", ink: "#1f1633" };

let ready: Promise<void> | undefined;

/** resvg is WebAssembly: loaded once per process. */
function initResvg(): Promise<void> {
  ready ??= initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
  return ready;
}

/** Inter, as WOFF (satori reads WOFF, not WOFF2): the regular and extra-bold weights. */
const FONT_FILES = {
  400: require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"),
  800: require.resolve("@fontsource/inter/files/inter-latin-800-normal.woff"),
};

function font(weight: 400 | 800) {
  return { name: "Inter", weight, style: "normal" as const, data: readFileSync(FONT_FILES[weight]) };
}

let fonts: ReturnType<typeof font>[] | undefined;

type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style, children, ...extra },
});

/** Long titles get a smaller size so they stay within four lines. */
function titleSize(title: string): number {
  if (title.length <= 40) return 76;
  if (title.length <= 70) return 64;
  return 54;
}

/** A 1200×630 PNG: the page's title in the brand's ink on a soft brand background, the logo above it. */
export async function renderSocialImage(title: string, logoSvg: string): Promise<Uint8Array> {
  await initResvg();
  fonts ??= [font(400), font(800)];
  const logo = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString("base64")}`;
  const content = el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      flexGrow: 1,
      padding: "64px 80px 56px",
    },
    [
      el("img", { width: 104, height: 104 }, undefined, { src: logo, width: 104, height: 104 }),
      el(
        "div",
        {
          display: "flex",
          fontSize: titleSize(title),
          fontWeight: 800,
          lineHeight: 1.15,
          letterSpacing: "-0.02em",
          color: BRAND.ink,
          maxWidth: 1040,
        },
        title,
      ),
      el("div", { display: "flex", fontSize: 30, color: BRAND[700] }, "Instagram growth for India · Pay by UPI"),
    ],
  );
  const tree = el(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      backgroundImage: `linear-gradient(135deg, #ffffff 0%, ${BRAND[50]} 55%, ${BRAND[100]} 100%)`,
      fontFamily: "Inter",
    },
    [content, el("div", { display: "flex", height: 16, backgroundColor: BRAND[500] })],
  );
  const svg = await satori(tree as Parameters<typeof satori>[0], {
    width: SOCIAL_IMAGE_WIDTH,
    height: SOCIAL_IMAGE_HEIGHT,
    fonts,
  });
  return new Resvg(svg, { fitTo: { mode: "width", value: SOCIAL_IMAGE_WIDTH } }).render().asPng();
}

/** The logo, square, as a PNG. */
export async function renderLogoPng(logoSvg: string, size: number): Promise<Uint8Array> {
  await initResvg();
  return new Resvg(logoSvg, { fitTo: { mode: "width", value: size } }).render().asPng();
}
