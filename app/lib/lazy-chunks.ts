import { preinit, preloadModule } from "react-dom";
import { lazyChunkManifest } from "./lazy-chunk-manifest.ts";

/**
 * Names in the page being rendered on the server what a module loaded on demand needs (its chunks and their CSS):
 * the browser fetches them with the page instead of after hydration asks, and the CSS applies before the first paint.
 * `module` is the module's path from the project's root; `nonce` the page's script nonce (the content security policy
 * lets only scripts with it load). Does nothing in the browser.
 */
export function preloadLazyModule(module: string, nonce: string | undefined): void {
  const chunk = lazyChunkManifest[module];
  if (chunk === undefined) return;
  for (const href of chunk.styles) preinit(href, { as: "style", precedence: "lazy-chunks" });
  for (const href of chunk.scripts) preloadModule(href, { as: "script", nonce });
}
