/** Each language's chunk in the client build, by language (scripts/locale-chunks/vite-plugin.ts). */
declare module "virtual:locale-chunks" {
  const chunks: Record<string, string>;
  export default chunks;
}

/** The static pages' script, app/islands/main.ts, and the chunks it imports, in the client build (scripts/islands/vite-plugin.ts). */
declare module "virtual:islands" {
  const islands: { entry: string; imports: string[] };
  export default islands;
}
