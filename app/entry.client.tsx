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

/** SPEC.md section 8 "A failed mount is logged and rethrown": logged here, rethrown to the page (and telemetry). */
function logFailedMount(error: unknown) {
  console.error("Chorus failed to start on this page:", error);
}

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      {
        // An error no error boundary caught: the root's boundary wraps every route, so this is the app failing to mount.
        onUncaughtError(error) {
          logFailedMount(error);
          window.reportError(error);
        },
      },
    );
  } catch (error) {
    logFailedMount(error);
    throw error;
  }
});
