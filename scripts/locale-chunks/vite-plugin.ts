import type { Plugin } from "vite";

const ID = "virtual:locale-chunks";
const RESOLVED = `\0${ID}`;
const LOCALE_ENTRY = /\/app\/locales\/(\w+)\/index\.ts$/;

/**
 * The browser downloads a page's words as a chunk of their own
 * (app/locales/load.client.ts), found only once the entry script runs: one
 * round trip after everything else, and the page stays unhydrated meanwhile.
 * This plugin records each language's chunk as the client build writes it and
 * hands the addresses to the server build (`virtual:locale-chunks`), which
 * names the page's one in a modulepreload link, so it downloads with the rest.
 * React Router builds the client first, then the server.
 */
export function localeChunks(): Plugin {
  const chunks: Record<string, string> = {};
  let base = "/";
  return {
    name: "boostkaro-locale-chunks",
    sharedDuringBuild: true,
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      // In development (and in a client build, which never imports it) nothing is named: Vite serves sources.
      if (id === RESOLVED) return `export default ${JSON.stringify(chunks)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const file of Object.values(bundle)) {
        const locale = file.type === "chunk" ? LOCALE_ENTRY.exec(file.facadeModuleId ?? "")?.[1] : undefined;
        if (locale) chunks[locale] = `${base}${file.fileName}`;
      }
    },
  };
}
