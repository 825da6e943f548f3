import { describe, expect, it } from "vitest";
import { cachedDocument, documentKey, keepDocument } from "../../worker/ssr/document-cache.ts";

const visitor = { method: "GET", signedIn: false, brand: { theme: "aurora" }, development: false };
const page = (nonce: string) =>
  `<html><head><script nonce="${nonce}">1</script></head><body><script nonce="${nonce}">window.ctx={"nonce":"${nonce}"}</script></body></html>`;
const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, ...init, headers: { "Content-Type": "text/html", ...(init.headers as Record<string, string>) } });

const facts = { nonce: "n1", readData: false, sharedFor: undefined, now: Date.UTC(2026, 10, 24) };

let counter = 0;
/** A URL no other test has used: the cache lives as long as the module. */
const freshUrl = () => `https://chorus.test/?n=${(counter += 1)}`;

describe("documents the same for every visitor", () => {
  it("keys a signed-out GET by its URL and brand; signed-in, other methods and development are rendered each time", () => {
    const url = freshUrl();
    expect(documentKey({ ...visitor, url })).not.toBeNull();
    expect(documentKey({ ...visitor, url })).not.toBe(documentKey({ ...visitor, url, brand: { theme: "lumen" } }));
    expect(documentKey({ ...visitor, url })).not.toBe(documentKey({ ...visitor, url: `${url}&x=1` }));
    expect(documentKey({ ...visitor, url, signedIn: true })).toBeNull();
    expect(documentKey({ ...visitor, url, method: "POST" })).toBeNull();
    expect(documentKey({ ...visitor, url, development: true })).toBeNull();
  });

  it("answers a kept document with the request's own nonce everywhere the first one was", async () => {
    const key = documentKey({ ...visitor, url: freshUrl() }) ?? "";
    const first = await keepDocument(key, html(page("AAAAAAAAAAAAAAAAAAAAAA")), {
      ...facts,
      nonce: "AAAAAAAAAAAAAAAAAAAAAA",
      readData: false,
    });
    expect(await first.text()).toBe(page("AAAAAAAAAAAAAAAAAAAAAA"));
    const again = cachedDocument(key, "BBBBBBBBBBBBBBBBBBBBBB", facts.now);
    expect(again?.status).toBe(200);
    expect(again?.headers.get("Content-Type")).toBe("text/html");
    expect(await again?.text()).toBe(page("BBBBBBBBBBBBBBBBBBBBBB"));
  });

  it("keeps nothing that read data, failed, set a cookie or is not HTML, and gives the answer back whole", async () => {
    const refusals: [Response, boolean][] = [
      [html(page("n1")), true],
      [html(page("n1"), { status: 404 }), false],
      [html(page("n1"), { headers: { "Set-Cookie": "a=1" } }), false],
      [new Response("{}", { headers: { "Content-Type": "application/json" } }), false],
    ];
    for (const [rendered, readData] of refusals) {
      const key = documentKey({ ...visitor, url: freshUrl() }) ?? "";
      const status = rendered.status;
      const answer = await keepDocument(key, rendered, { ...facts, readData });
      expect(answer.status).toBe(status);
      expect(cachedDocument(key, "n2", facts.now)).toBeNull();
    }
  });

  it("keeps a page that read data only when its route lets it be shared, and only for that long", async () => {
    const shared = documentKey({ ...visitor, url: freshUrl() }) ?? "";
    await keepDocument(shared, html(page("n1")), { ...facts, readData: true, sharedFor: 30_000 });
    expect(await cachedDocument(shared, "n2", facts.now + 29_999)?.text()).toBe(page("n2"));
    expect(cachedDocument(shared, "n3", facts.now + 30_000)).toBeNull();
    expect(cachedDocument(shared, "n4", facts.now + 1)).toBeNull();

    const forever = documentKey({ ...visitor, url: freshUrl() }) ?? "";
    await keepDocument(forever, html(page("n1")), { ...facts, readData: false, sharedFor: 30_000 });
    expect(await cachedDocument(forever, "n2", facts.now + 365 * 86_400_000)?.text()).toBe(page("n2"));
  });
});
