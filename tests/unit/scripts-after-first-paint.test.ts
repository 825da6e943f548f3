import { describe, expect, it } from "vitest";
import { importsAfterFirstPaint, withScriptsAfterFirstPaint } from "../../app/lib/scripts-after-first-paint.server.ts";

const preload = (href: string) => `<link rel="modulepreload" href="${href}" nonce="n"/>`;
const lowPreload = (href: string) => `<link rel="modulepreload" fetchpriority="low" href="${href}" nonce="n"/>`;
const stylesheet = '<link rel="stylesheet" href="/assets/app.css"/>';
const head = (links: string) => `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${links}</head>`;
// As React Router writes it (root, a layout with a client loader, the page), then the loader data's classic scripts.
const routeModules = `;
import * as route0 from "/assets/root.js";
import * as route1_clientLoader from "/assets/layout-client-loader.js";
import * as route1_main from "/assets/layout.js";
const route1 = {...route1_clientLoader,...route1_main};
import * as route2 from "/assets/page.js";
  window.__reactRouterRouteModules = {"root":route0,"layout":route1,"page":route2};

import("/assets/entry.client.js");`;
const moduleScript = (body: string) => `<script nonce="n" type="module" async="">${body}</script>`;
const body = (script: string) =>
  `<body><p>Zürich · 東京 — <link rel="modulepreload" href="/in-the-body.js"/> 🎉</p>${script}<script nonce="n">data()</script></body></html>`;

const headScript = /<script nonce="n">(PerformanceObserver[^<]*)<\/script>/;
const rewrittenWithHeadScript = (html: string) => new TextDecoder().decode(withScriptsAfterFirstPaint(new TextEncoder().encode(html), "n"));
// The head's script that puts the preloads back at the first paint is checked on its own below.
const rewritten = (html: string) => rewrittenWithHeadScript(html).replace(headScript, "");

describe("scripts after the first paint", () => {
  it("puts the head's module preloads, at low priority, in one template where the first was, and leaves the rest", () => {
    const document =
      head(`${preload("/assets/entry.client.js")}${stylesheet}${preload("/assets/framework.js")}`) + body(moduleScript(routeModules));
    const result = rewritten(document);
    expect(result.slice(0, result.indexOf("</head>") + 7)).toBe(
      head(
        `<template data-after-first-paint>${lowPreload("/assets/entry.client.js")}${lowPreload("/assets/framework.js")}</template>${stylesheet}`,
      ),
    );
    expect(result).toContain(body(moduleScript(importsAfterFirstPaint(routeModules))));
  });

  it("follows the template with a script, carrying the page's nonce, that puts the preloads back at the first paint", () => {
    const result = rewrittenWithHeadScript(head(`${preload("/a.js")}${stylesheet}`) + body(moduleScript(routeModules)));
    const script = headScript.exec(result)?.[1] ?? "";
    expect(result).toContain(`${lowPreload("/a.js")}</template><script nonce="n">${script}</script>${stylesheet}`);
    expect(script).toContain('observe({ type: "paint", buffered: true })');
    expect(script).toContain('document.querySelectorAll("template[data-after-first-paint]")) template.replaceWith(template.content)');
    expect(() => new Function(script)).not.toThrow();
  });

  it("adds no script where nothing is deferred", () => {
    expect(rewrittenWithHeadScript(head(preload("/a.js")) + body(""))).not.toContain("PerformanceObserver");
  });

  it("names a module preloaded twice once", () => {
    const twice = head(`${preload("/a.js")}${preload("/b.js")}${preload("/a.js")}`) + body(moduleScript(routeModules));
    expect(rewritten(twice)).toContain(`<template data-after-first-paint>${lowPreload("/a.js")}${lowPreload("/b.js")}</template></head>`);
  });

  it("imports the route modules dynamically, in their places and order, after the paint", () => {
    const script = importsAfterFirstPaint(routeModules);
    expect(script).not.toMatch(/import\s*\*/);
    expect(script.indexOf("PerformanceObserver")).toBeLessThan(script.indexOf("await import("));
    expect(script.indexOf("template.replaceWith(template.content)")).toBeLessThan(script.indexOf("await import("));
    expect(script.slice(script.indexOf("await new Promise"))).toContain(`;
const route0 = await import("/assets/root.js");
const route1_clientLoader = await import("/assets/layout-client-loader.js");
const route1_main = await import("/assets/layout.js");
const route1 = {...route1_clientLoader,...route1_main};
const route2 = await import("/assets/page.js");
  window.__reactRouterRouteModules = {"root":route0,"layout":route1,"page":route2};

import("/assets/entry.client.js");`);
  });

  it("keeps a bare import, without a name, in its place", () => {
    expect(importsAfterFirstPaint('import "/assets/refresh.js";\nimport * as route0 from "/assets/root.js";')).toContain(
      'await import("/assets/refresh.js");\nconst route0 = await import("/assets/root.js");',
    );
  });

  it("runs as a module: the rewritten script parses, with its awaits at the top level", async () => {
    const script = importsAfterFirstPaint(routeModules);
    // A syntax check without running it: an async function body accepts what a module's top level does here.
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(script)).not.toThrow();
  });

  it("keeps the preloads in the head, at low priority, when there is no module script to put them back", () => {
    const document = head(`${preload("/assets/entry.client.js")}${stylesheet}`) + body("");
    expect(rewritten(document)).toBe(head(`${lowPreload("/assets/entry.client.js")}${stylesheet}`) + body(""));
  });

  it("finds the head's end after other tags and characters of any width", () => {
    const wide = head(`<title>Chorus · 東京 🎉 </head-ish></title>${preload("/a.js")}`);
    expect(rewritten(wide + body(moduleScript(routeModules)))).toContain(
      `<title>Chorus · 東京 🎉 </head-ish></title><template data-after-first-paint>${lowPreload("/a.js")}</template></head>`,
    );
  });

  it("finds React Router's script past near misses, up to the document's last byte", () => {
    const nearMisses = '<p>type="module" async=""</p><script type="module">x()</script><p>type="module" async="">';
    const document = head(preload("/a.js")) + `<body>${nearMisses.replace(/>$/, "")}</p>` + moduleScript(routeModules);
    expect(rewritten(document)).toBe(
      head(`<template data-after-first-paint>${lowPreload("/a.js")}</template>`) +
        `<body>${nearMisses.replace(/>$/, "")}</p>` +
        moduleScript(importsAfterFirstPaint(routeModules)),
    );
  });

  it("marks a document without a head throughout", () => {
    expect(rewritten('<link rel="modulepreload" href="/a.js"/>')).toBe('<link rel="modulepreload" fetchpriority="low" href="/a.js"/>');
  });
});
