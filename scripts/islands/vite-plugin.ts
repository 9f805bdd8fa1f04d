import type { Plugin } from "vite";

const ID = "virtual:islands";
const RESOLVED = `\0${ID}`;
/** The static pages' one script (app/islands/main.ts), from the project root. */
export const ISLANDS_ENTRY = "app/islands/main.ts";

/**
 * Pages that are the same for every visitor run no React in the browser
 * (docs/decisions/0010-static-pages-without-react.md): their few interactive
 * parts are enhanced by one small script. This plugin adds that script to the
 * client build as an entry of its own and hands its address, and those of
 * the chunks it imports (to preload them beside it), to the server build
 * (`virtual:islands`), as React Router builds the client first.
 */
export function islands(): Plugin {
  let address = `/${ISLANDS_ENTRY}`;
  let imports: string[] = [];
  let base = "/";
  let building = false;
  return {
    name: "boostkaro-islands",
    sharedDuringBuild: true,
    configResolved(config) {
      base = config.base;
      building = config.command === "build";
      // In development Vite serves the source itself.
      if (!building) address = `${base}${ISLANDS_ENTRY}`;
    },
    buildStart() {
      if (building && this.environment.name === "client") {
        this.emitFile({ type: "chunk", id: `${this.environment.config.root}/${ISLANDS_ENTRY}`, name: "islands" });
      }
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id === RESOLVED) return `export default ${JSON.stringify({ entry: address, imports })};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk" && file.isEntry && file.facadeModuleId?.endsWith(ISLANDS_ENTRY)) {
          address = `${base}${file.fileName}`;
          imports = file.imports.map((name) => `${base}${name}`);
        }
      }
    },
  };
}
