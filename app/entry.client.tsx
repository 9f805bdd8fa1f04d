import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadResources } from "~/locales/load.client";
import { localeFromPath } from "~/lib/i18n/locale";

// Only the page's own language is downloaded; it must be in memory before the first render matches the server's.
void loadResources(localeFromPath(window.location.pathname)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
