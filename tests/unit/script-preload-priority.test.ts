import { describe, expect, it } from "vitest";
import { lowPriorityScriptPreloads } from "../../app/lib/script-preload-priority.server.ts";

const head =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/><link rel="stylesheet" href="/assets/shell.css#"/></head>';
const body = '<body><p>Zürich · 東京 — <link rel="modulepreload" href="/in-the-body.js"/> 🎉</p></body></html>';

/** Streams `html` through the transform in chunks cut at the given byte offsets, and reads the result back as text. */
async function throughTransform(html: string, cuts: number[]): Promise<string> {
  const bytes = new TextEncoder().encode(html);
  const edges = [0, ...cuts, bytes.length];
  const chunks = edges.slice(1).map((end, index) => bytes.slice(edges[index], end));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(stream.pipeThrough(lowPriorityScriptPreloads())).text();
}

const expectedHead = head.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("script preloads at low priority", () => {
  it("marks every module preload of the head and leaves the rest of the document as it was", async () => {
    expect(await throughTransform(head + body, [])).toBe(expectedHead + body);
  });

  it("does the same whichever bytes the chunks end on: inside the head's end, inside a character of the body", async () => {
    const html = head + body;
    const headBytes = new TextEncoder().encode(head).length;
    const insideZ = headBytes + new TextEncoder().encode("<body><p>Z").length + 1;
    for (const cuts of [[headBytes - 3], [40, 120, headBytes - 1, insideZ], [headBytes, insideZ], [insideZ], [1, 2, 3]]) {
      expect(await throughTransform(html, cuts), `cut at ${cuts.join(", ")}`).toBe(expectedHead + body);
    }
  });

  it("passes a document without a head through, its preloads marked", async () => {
    expect(await throughTransform('<link rel="modulepreload" href="/a.js"/>', [5])).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/a.js"/>',
    );
  });
});
