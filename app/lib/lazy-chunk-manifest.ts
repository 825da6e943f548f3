/**
 * What each module loaded on demand (`import()`) needs in the browser: its chunk, the chunks it imports and their CSS,
 * keyed by the module's path from the project's root (`app/layouts/signed-in-frame.tsx`). The production build
 * writes this module's content (vite.config.ts `lazyChunkManifest`, from the browser's build, for the worker's);
 * during development, in the browser and in tests it is empty, and nothing is preloaded.
 */
export const lazyChunkManifest: Record<string, { scripts: string[]; styles: string[] }> = {};
