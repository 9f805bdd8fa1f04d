import { config } from "zod/v4/core";

/*
 * Zod probes `new Function` to compile faster object parsers. The pages'
 * Content-Security-Policy forbids eval, so in the browser the probe only earns
 * a CSP violation in the console (which Lighthouse counts against the page).
 * Plain parsers are fast enough for forms and API answers. Imported first by
 * the modules that parse in the browser: the form hook and the API client.
 */
config({ jitless: true });
