/**
 * The day (UTC) this build was made, written in by Vite (vite.config.ts); outside a build (unit tests), today.
 * The storefront's words come from the code and content/ of the build, so no page changed after this day
 * except through data (packages, settings) that the sitemap dates on its own.
 */
export const BUILD_DAY: string =
  typeof import.meta.env.VITE_BUILD_DAY === "string" && import.meta.env.VITE_BUILD_DAY
    ? import.meta.env.VITE_BUILD_DAY
    : new Date().toISOString().slice(0, 10);
