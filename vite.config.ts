import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin, type Rolldown } from "vite";

/**
 * `~/…` means `app/…`, `@contracts/…` means `worker/contracts/…` and `@loaders/…` means `worker/loaders/…` (the
 * routes' page loaders), as in tsconfig's paths.
 */
export const appAlias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@contracts": fileURLToPath(new URL("./worker/contracts", import.meta.url)),
  "@loaders": fileURLToPath(new URL("./worker/loaders", import.meta.url)),
};

const manifestModule = fileURLToPath(new URL("./app/lib/lazy-chunk-manifest.ts", import.meta.url));

/**
 * Fills app/lib/lazy-chunk-manifest.ts: what each module loaded on demand (`import()`) needs in the browser, its chunk,
 * the chunks it imports and their CSS, keyed by the module's path (`app/layouts/signed-in-frame.tsx`). The browser's
 * build collects it; the worker's build, which runs after, gets it as that module's content, so a page rendered for a
 * signed-in user names the chunks it is about to need (app/lib/lazy-chunks.ts). Empty elsewhere.
 */
function lazyChunkManifest(): Plugin {
  const manifest: Record<string, { scripts: string[]; styles: string[] }> = {};
  let root = process.cwd();
  let base = "/";
  const collect = (bundle: Rolldown.OutputBundle, chunk: Rolldown.OutputChunk, scripts: Set<string>, styles: Set<string>) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === "chunk") collect(bundle, imported, scripts, styles);
    }
  };
  return {
    name: "chorus:lazy-chunk-manifest",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    load(id) {
      return id.split("?")[0] === manifestModule ? `export const lazyChunkManifest = ${JSON.stringify(manifest)};` : undefined;
    },
    generateBundle: {
      // After Vite's own: it removes the empty script of a chunk that held only CSS (a stylesheet several features
      // import), and gives that CSS to the chunks that imported it. Before, the manifest named the removed script.
      order: "post",
      handler(_options, bundle) {
        if (this.environment.name !== "client") return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || !chunk.isDynamicEntry || chunk.facadeModuleId === null) continue;
          const scripts = new Set<string>();
          const styles = new Set<string>();
          collect(bundle, chunk, scripts, styles);
          manifest[relative(root, chunk.facadeModuleId)] = {
            scripts: [...scripts].map((file) => `${base}${file}`),
            styles: [...styles].map((file) => `${base}${file}`),
          };
        }
      },
    },
  };
}

const modulePath = (path: string) => fileURLToPath(new URL(`./${path}`, import.meta.url));
const withoutQuery = (id: string) => id.split("?")[0] ?? id;

/**
 * Packages every page needs, in one chunk; TanStack Query, in one chunk that only signed-in pages load. (tRPC's client
 * goes with the API clients, which load with the first call: app/lib/api/on-demand.ts.)
 */
const frameworkPackages = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;
const queryPackages = /[\\/]node_modules[\\/]@tanstack[\\/]/;

/**
 * The shell: what app/entry.client.tsx, app/root.tsx and the layouts import, transitively and statically, which every
 * page loads (each page has one of these layouts). Chunking puts it in one file instead of the two dozen sub-kilobyte
 * chunks automatic splitting made of it, each a request on the critical path: on a phone's connection a request costs
 * its round trip, six at a time over HTTP/1.1 (docs/decisions/031-no-tap-lost.md). The roots keep their own chunks
 * (React Router names them).
 */
const shellRoots = [
  "app/entry.client.tsx",
  "app/root.tsx",
  "app/layouts/default-layout.tsx",
  "app/layouts/blank-layout.tsx",
  "app/layouts/article-layout.tsx",
].map(modulePath);
let shellModules = new Set<string>();
const inShell = (id: string) => shellModules.has(id) && !shellRoots.includes(withoutQuery(id));

/** Fills `shellModules` once the browser's module graph is known (chunking runs after). */
function shellModulesPlugin(): Plugin {
  return {
    name: "chorus:shell-modules",
    buildEnd() {
      const moduleIds = [...this.getModuleIds()];
      // React Router's build runs a second client pass with no modules; the set stays that of the real one.
      if (this.environment.name !== "client" || moduleIds.length === 0) return;
      const found = new Set<string>();
      const pending = moduleIds.filter((id) => shellRoots.includes(withoutQuery(id)));
      // A root moved or renamed would leave the shell in pieces without a word.
      const missing = shellRoots.filter((root) => !pending.some((id) => withoutQuery(id) === root));
      if (missing.length > 0) throw new Error(`vite.config.ts: the shell's roots ${missing.join(", ")} are not in the build`);
      while (pending.length > 0) {
        const id = pending.pop();
        if (id === undefined || found.has(id)) continue;
        found.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      shellModules = found;
    },
  };
}

export default defineConfig({
  resolve: { alias: appAlias },
  // The build script sets CHORUS_BUILD_ID and writes the same id into builds/latest.json.
  define: { __CHORUS_BUILD_ID__: JSON.stringify(process.env.CHORUS_BUILD_ID ?? "development") },
  environments: {
    client: {
      build: {
        // Every page's HTML names the framework, the shell and the runtime (the root imports them): a chunk loaded on
        // demand need not list them again among the files to preload, which saves their names in every importer.
        modulePreload: {
          resolveDependencies: (_file, deps) => deps.filter((dep) => !/(^|\/)(framework|shell|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
        },
        rolldownOptions: {
          output: {
            // React Router's own default, which it leaves out once the client's output options are given.
            entryFileNames: "assets/[name]-[hash].js",
            codeSplitting: {
              groups: [
                { name: "framework", test: frameworkPackages, priority: 3 },
                { name: "query", test: queryPackages, priority: 2 },
                { name: "shell", test: inShell, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" }, configPath: "./wrangler.toml" }),
    reactRouter(),
    lazyChunkManifest(),
    shellModulesPlugin(),
  ],
});
