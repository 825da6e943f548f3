import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { build, type Rolldown } from "vite";

/** Where the harness is served from: a name of its own, answered by the test (Chromium counts *.localhost as secure). */
export const harnessOrigin = "http://ui-kit.localhost";

const root = fileURLToPath(new URL(".", import.meta.url));
const app = fileURLToPath(new URL("../../app", import.meta.url));

const contentTypes: Record<string, string> = {
  html: "text/html",
  js: "text/javascript",
  css: "text/css",
};

let built: Promise<Map<string, string | Uint8Array>> | undefined;

/** The harness page built for the browser (production mode, as the app ships), once per test process. */
function harnessFiles(): Promise<Map<string, string | Uint8Array>> {
  built ??= (async () => {
    const result = await build({
      configFile: false,
      root,
      // Rolldown warns that React Router's "use client" directive is dropped: true, and of no matter in a bundle.
      logLevel: "error",
      resolve: { alias: { "~": app } },
      build: { write: false, minify: false, rolldownOptions: { input: fileURLToPath(new URL("./harness.html", import.meta.url)) } },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const files = new Map<string, string | Uint8Array>();
    for (const item of outputs.flatMap((output) => output.output)) {
      files.set(item.fileName, item.type === "chunk" ? item.code : item.source);
    }
    return files;
  })();
  return built;
}

/** Serves the built harness to `page` at `harnessOrigin` and opens it; returns the paths the page requested. */
export async function openHarness(page: Page): Promise<string[]> {
  const files = await harnessFiles();
  const requested: string[] = [];
  await page.route(`${harnessOrigin}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(1);
    requested.push(path);
    const body = files.get(path);
    if (body === undefined) return route.fulfill({ status: 404, body: "" });
    const extension = path.split(".").pop() ?? "";
    await route.fulfill({ status: 200, contentType: contentTypes[extension] ?? "application/octet-stream", body: Buffer.from(body) });
  });
  await page.goto(`${harnessOrigin}/harness.html`);
  await page.getByRole("heading", { level: 1, name: "UI kit" }).waitFor();
  return requested;
}
