import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** `~/…` means `app/…`, as in tsconfig's paths. */
export const appAlias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias: appAlias },
  // The build script sets CHORUS_BUILD_ID and writes the same id into builds/latest.json.
  define: { __CHORUS_BUILD_ID__: JSON.stringify(process.env.CHORUS_BUILD_ID ?? "development") },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" }, configPath: "./wrangler.toml" }), reactRouter()],
});
