import { describe, expect, it } from "vitest";
import { rulesOf } from "../../worker/contracts/networks/registry.ts";
import { postLengthProblem } from "../../worker/contracts/posts.ts";

/** Each network counts a post's length its own way (docs/decisions/044-campaign-networks.md); the editor and the API use the same rule. */
describe("counting a post as its network does", () => {
  const x = rulesOf("x").text;
  const bluesky = rulesOf("bluesky").text;

  it("X weighs: a link 23, an emoji 2, CJK 2; Bluesky counts what a person sees as one character", () => {
    expect(x.count("Read https://example.com/a/very/long/path")).toBe(5 + 23);
    expect(bluesky.count("Read https://example.com/a/very/long/path")).toBe(41);
    expect(x.count("👍🏽 日本")).toBe(2 + 1 + 4);
    expect(bluesky.count("👍🏽 日本")).toBe(4);
    expect(x.count("👨‍👩‍👧‍👦")).toBe(2);
    expect(bluesky.count("👨‍👩‍👧‍👦")).toBe(1);
    expect(bluesky.count("e\u0301")).toBe(1);
    expect(bluesky.count("🇫🇷🇩🇪")).toBe(2);
  });

  it("knows each network's limit and says how it counts", () => {
    expect(x.limit).toBe(280);
    expect(bluesky.limit).toBe(300);
    expect(x.counting).toBe("weighted");
    expect(bluesky.counting).toBe("graphemes");
  });

  it("names the length and the limit of the chosen network when a post is too long there", () => {
    const cjk = "日".repeat(141);
    expect(postLengthProblem(cjk, "x")).toBe("is 282 characters as X counts them; X allows at most 280");
    expect(postLengthProblem(cjk, "bluesky")).toBeNull();
    const links = `#ad ${Array(8).fill("https://example.com/launch/spring-collection").join(" ")}`;
    expect(postLengthProblem(links, "x")).toBeNull();
    expect(postLengthProblem(links, "bluesky")).toBe("is 363 characters as Bluesky counts them; Bluesky allows at most 300");
    expect(postLengthProblem("🚀".repeat(300), "bluesky")).toBeNull();
    expect(postLengthProblem("🚀".repeat(301), "bluesky")).toBe("is 301 characters as Bluesky counts them; Bluesky allows at most 300");
  });
});
