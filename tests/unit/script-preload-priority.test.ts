import { describe, expect, it } from "vitest";
import { withLowPriorityScriptPreloads } from "../../app/lib/script-preload-priority.server.ts";

const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/></head>';
const body = '<body><p>Zürich · 東京 — <link rel="modulepreload" href="/in-the-body.js"/> 🎉</p></body></html>';
const markedHead = head.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

const rewritten = (html: string) => new TextDecoder().decode(withLowPriorityScriptPreloads(new TextEncoder().encode(html)));

describe("script preloads at low priority", () => {
  it("marks every module preload of the head and leaves the rest of the document as it was, byte for byte", () => {
    expect(rewritten(head + body)).toBe(markedHead + body);
  });

  it("finds the head's end after other tags and characters of any width", () => {
    const wide = head.replace("<head>", "<head><title>Chorus · 東京 🎉 </head-ish></title>");
    expect(rewritten(wide + body)).toBe(
      wide.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + body,
    );
  });

  it("names a module preloaded twice once, its first place kept", () => {
    const twice = head.replace(
      '<link rel="stylesheet"',
      '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="stylesheet"',
    );
    expect(rewritten(twice + body)).toBe(markedHead + body);
  });

  it("marks a document without a head throughout", () => {
    expect(rewritten('<link rel="modulepreload" href="/a.js"/>')).toBe('<link rel="modulepreload" fetchpriority="low" href="/a.js"/>');
  });
});
