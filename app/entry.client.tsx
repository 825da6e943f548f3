import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { claimChunkReload, isChunkLoadError } from "./lib/chunk-reload";

function reloadAfterChunkError(reason: unknown) {
  if (isChunkLoadError(reason) && claimChunkReload(window.sessionStorage, window.location.pathname, Date.now())) {
    window.location.reload();
  }
}

// Vite reports a failed preload of a chunk; route modules that fail to import surface as rejections.
window.addEventListener("vite:preloadError", (event) => {
  event.preventDefault();
  reloadAfterChunkError(event.payload);
});
window.addEventListener("unhandledrejection", (event) => reloadAfterChunkError(event.reason));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
