import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { LOGO_PNG_PATH, LOGO_PNG_SIZE } from "../../app/lib/social-image";
import { socialPages } from "./pages";
import { renderLogoPng, renderSocialImage } from "./render";

/**
 * Draws every page's 1200×630 link-preview image (and the logo as a PNG) into the client build, under /social/,
 * so a fresh clone's `npm run build` makes them. The development server draws them on request instead.
 */
export function socialImages(root: string): Plugin {
  const logoSvg = () => readFileSync(join(root, "public/logo.svg"), "utf8");
  return {
    name: "boostkaro-social-images",
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const logo = logoSvg();
      for (const page of socialPages(root)) {
        this.emitFile({
          type: "asset",
          fileName: `social/${page.key}.png`,
          source: await renderSocialImage(page.title, logo),
        });
      }
      this.emitFile({
        type: "asset",
        fileName: LOGO_PNG_PATH.slice(1),
        source: await renderLogoPng(logo, LOGO_PNG_SIZE),
      });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const key = /^\/social\/([a-z0-9-]+)\.png$/.exec(req.url ?? "")?.[1];
        if (!key) return next();
        const page = socialPages(root).find((p) => p.key === key);
        if (!page && `/social/${key}.png` !== LOGO_PNG_PATH) return next();
        const png = page ? renderSocialImage(page.title, logoSvg()) : renderLogoPng(logoSvg(), LOGO_PNG_SIZE);
        png.then(
          (bytes) => {
            res.setHeader("Content-Type", "image/png");
            res.end(bytes);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
