import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { firstLoadAssets, gzipBytes } from "../../bench/first-load-bytes.ts";

const page = `<!DOCTYPE html><html><head>
<link nonce="n" rel="icon" href="/favicon.svg" type="image/svg+xml"/>
<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>
<link rel="modulepreload" href="/assets/react-dom-B.js"/>
<link nonce="n" rel="stylesheet" href="/assets/root-C.css"/>
<link rel="preconnect" href="https://fonts.example"/>
<link rel='modulepreload' href='/assets/entry.client-A.js'/>
<script src="/assets/legacy-D.js"></script>
<script src="https://cdn.example/outside.js"></script>
</head><body><p>Not a script: import("/assets/prose.js")</p>
<script nonce="n" type="module" async="">;
import * as route0 from "/assets/root-E.js";
import "/assets/side-effect-F.js";
  window.__reactRouterManifest = { "entry": { "module": "/assets/entry.client-A.js", "imports": ["/assets/unused-G.js"] } };
  import("/assets/entry.client-A.js");
  import("/assets/lazy-H.js");
</script>
<script nonce="n">window.__reactRouterContext = {};</script>
</body></html>`;

describe("firstLoadAssets: what the HTML makes the browser fetch", () => {
  it("lists module preloads, stylesheets, script sources and inline imports once each, in document order", () => {
    expect(firstLoadAssets(page)).toEqual([
      "/assets/entry.client-A.js",
      "/assets/react-dom-B.js",
      "/assets/root-C.css",
      "/assets/legacy-D.js",
      "/assets/root-E.js",
      "/assets/side-effect-F.js",
      "/assets/lazy-H.js",
    ]);
  });

  it("leaves out icons, other hosts, text outside scripts and paths merely mentioned in the route manifest", () => {
    const assets = firstLoadAssets(page);
    for (const absent of ["/favicon.svg", "https://cdn.example/outside.js", "/assets/prose.js", "/assets/unused-G.js"]) {
      expect(assets).not.toContain(absent);
    }
  });

  it("finds nothing in a page without scripts or styles", () => {
    expect(firstLoadAssets("<html><body><h1>Hello</h1></body></html>")).toEqual([]);
  });
});

describe("gzipBytes: the built size of those assets", () => {
  const clientDir = mkdtempSync(join(tmpdir(), "first-load-"));
  mkdirSync(join(clientDir, "assets"));
  const script = "export const greeting = 'hello';\n".repeat(200);
  const style = "body { color: black; }\n";
  writeFileSync(join(clientDir, "assets/app.js"), script);
  writeFileSync(join(clientDir, "assets/app.css"), style);
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it("gives each file's gzip size at the default level and their sum", () => {
    const result = gzipBytes(["/assets/app.js", "/assets/app.css"], clientDir);
    const jsGzip = gzipSync(script).length;
    const cssGzip = gzipSync(style).length;
    expect(result.files).toEqual([
      { path: "/assets/app.js", gzip: jsGzip },
      { path: "/assets/app.css", gzip: cssGzip },
    ]);
    expect(result.total).toBe(jsGzip + cssGzip);
    expect(jsGzip).toBeLessThan(script.length);
  });

  it("fails loudly when the HTML names a file the build does not have", () => {
    expect(() => gzipBytes(["/assets/missing.js"], clientDir)).toThrow(/ENOENT/);
  });
});
