import { describe, expect, it } from "vitest";
import { articleSlugs } from "~/content/articles";
import { layoutForBrand } from "../../worker/contracts/brand.ts";
import { guardExemptPaths, prerenderedPaths, ruleFor } from "../../worker/edge/route-rules.ts";

describe("layoutForBrand", () => {
  const dedicated = ["aurora", "nimbus"];
  it("gives the two dedicated brands their layout, other brands the partner layout, no brand the default", () => {
    expect(layoutForBrand("aurora", dedicated)).toBe("dedicated");
    expect(layoutForBrand("nimbus", dedicated)).toBe("dedicated");
    expect(layoutForBrand("acme", dedicated)).toBe("partner");
    expect(layoutForBrand("", dedicated)).toBe("default");
    expect(layoutForBrand(null, dedicated)).toBe("default");
  });
});

describe("route rules", () => {
  it("redirects the short legal paths to the articles", () => {
    expect(ruleFor("/tos")?.redirect).toBe("/articles/terms");
    expect(ruleFor("/privacy")?.redirect).toBe("/articles/privacy-policy");
  });

  it("matches prefixes only at a path boundary", () => {
    expect(ruleFor("/landing/aurora")?.cacheControl).toContain("max-age=300");
    expect(ruleFor("/landing")).toBeUndefined();
    expect(ruleFor("/landingpage")).toBeUndefined();
    expect(ruleFor("/assets/app-123.js")?.cacheControl).toContain("immutable");
  });

  it("prerenders every article that has a content file", () => {
    expect([...prerenderedPaths].sort()).toEqual(articleSlugs.map((slug) => `/articles/${slug}`).sort());
  });

  it("keeps the spec's guard exemptions", () => {
    expect([...guardExemptPaths].sort()).toEqual(["/", "/__manifest", "/not-allowed", "/privacy", "/tos"]);
  });
});

describe("cache policies of pages rendered with a nonce", () => {
  it("keeps landing pages out of shared caches: each carries its own CSP nonce, which a shared cache would replay", () => {
    const landing = ruleFor("/landing/aurora")?.cacheControl ?? "";
    expect(landing).toMatch(/^private\b/);
    expect(landing).not.toMatch(/\bpublic\b|s-maxage/);
  });
});
