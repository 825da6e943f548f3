import { describe, expect, it } from "vitest";
import { withScriptPreloadsLast } from "../../app/lib/script-preload-priority.server.ts";

const entryPreload = '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>';
const frameworkPreload = '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/>';
const stylesheet = '<link rel="stylesheet" href="/assets/app.css"/>';
const head = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${entryPreload}${frameworkPreload}${stylesheet}</head>`;
const bodyContent = '<body><p>Zürich · 東京 — <link rel="modulepreload" href="/in-the-body.js"/> 🎉</p><script>go()</script>';
const low = (tag: string) => tag.replace('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
const headWithoutPreloads = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${stylesheet}</head>`;
const movedPreloads = low(entryPreload) + low(frameworkPreload);

const rewritten = (html: string) => new TextDecoder().decode(withScriptPreloadsLast(new TextEncoder().encode(html)));

describe("script preloads: low priority, after the content", () => {
  it("moves the head's module preloads to the end of the body, in order and marked low, the rest byte for byte", () => {
    expect(rewritten(`${head}${bodyContent}</body></html>`)).toBe(`${headWithoutPreloads}${bodyContent}${movedPreloads}</body></html>`);
  });

  it("finds the head's end after other tags and characters of any width, and the body's last end", () => {
    const wide = head.replace("<head>", "<head><title>Chorus · 東京 🎉 </head-ish></title>");
    const quoted = `${bodyContent}<script>const text = "</body>";</script>`;
    expect(rewritten(`${wide}${quoted}</body></html>`)).toBe(
      `${headWithoutPreloads.replace("<head>", "<head><title>Chorus · 東京 🎉 </head-ish></title>")}${quoted}${movedPreloads}</body></html>`,
    );
  });

  it("names a module preloaded twice once, at its first place in the order", () => {
    const twice = head.replace(stylesheet, `${entryPreload}${stylesheet}`);
    expect(rewritten(`${twice}${bodyContent}</body></html>`)).toBe(`${headWithoutPreloads}${bodyContent}${movedPreloads}</body></html>`);
  });

  it("puts them at the end of a document whose body is not closed", () => {
    expect(rewritten(`${head}${bodyContent}`)).toBe(`${headWithoutPreloads}${bodyContent}${movedPreloads}`);
  });

  it("leaves a document without a head as it was", () => {
    const fragment = '<link rel="modulepreload" href="/a.js"/><p>hi</p>';
    expect(rewritten(fragment)).toBe(fragment);
  });
});
