/** Each language's chunk in the client build, by language (scripts/locale-chunks/vite-plugin.ts). */
declare module "virtual:locale-chunks" {
  const chunks: Record<string, string>;
  export default chunks;
}
