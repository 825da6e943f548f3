import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { X_MAX_WEIGHTED_LENGTH, countXText, findXUrls, xTextSegments, xWeightedLength } from "../../worker/contracts/networks/x/text.ts";

describe("xWeightedLength: the length X counts", () => {
  it("counts Latin text one per character, up to the 280 limit", () => {
    expect(xWeightedLength("")).toBe(0);
    expect(xWeightedLength("Hello, world!")).toBe(13);
    expect(X_MAX_WEIGHTED_LENGTH).toBe(280);
    expect(countXText("a".repeat(280))).toEqual({ weightedLength: 280, remaining: 0, withinLimit: true });
    expect(countXText("a".repeat(281))).toEqual({ weightedLength: 281, remaining: -1, withinLimit: false });
  });

  it("counts every link as 23, whatever its length", () => {
    expect(xWeightedLength("https://example.com/a/very/long/path/that/goes/on/and/on?with=query&and=more")).toBe(23);
    expect(xWeightedLength("Read https://x.co")).toBe(5 + 23);
    expect(xWeightedLength(`${"b".repeat(256)} https://example.com/${"c".repeat(100)}`)).toBe(280);
  });

  it("leaves trailing punctuation out of a link", () => {
    expect(xWeightedLength("Go to https://example.com.")).toBe(6 + 23 + 1);
    expect(xWeightedLength("(see https://example.com/docs)")).toBe(1 + 4 + 23 + 1);
  });

  it("recognises bare domains with a known top-level domain, but not e-mail addresses", () => {
    expect(xWeightedLength("visit chorus.app today")).toBe(6 + 23 + 6);
    expect(xWeightedLength("www.example.com/path")).toBe(23);
    expect(xWeightedLength("ada@example.com")).toBe(15);
    expect(xWeightedLength("version 1.2.3")).toBe(13);
  });

  it("counts CJK, Hangul and kana as 2", () => {
    expect(xWeightedLength("日本語")).toBe(6);
    expect(xWeightedLength("한국어")).toBe(6);
    expect(xWeightedLength("カタカナ")).toBe(8);
    expect(countXText("字".repeat(140)).withinLimit).toBe(true);
    expect(countXText("字".repeat(141))).toMatchObject({ weightedLength: 282, withinLimit: false });
  });

  it("counts Cyrillic, Greek, Arabic and accented Latin as 1", () => {
    expect(xWeightedLength("Привет")).toBe(6);
    expect(xWeightedLength("Καλημέρα")).toBe(8);
    expect(xWeightedLength("مرحبا")).toBe(5);
    expect(xWeightedLength("déjà vu")).toBe(7);
  });

  it("normalises first: a letter with a combining accent counts once", () => {
    expect(xWeightedLength("e\u0301")).toBe(1);
  });

  it("counts an emoji as 2, a whole sequence once", () => {
    expect(xWeightedLength("👍")).toBe(2);
    expect(xWeightedLength("👍🏽")).toBe(2);
    expect(xWeightedLength("👨‍👩‍👧‍👦")).toBe(2);
    expect(xWeightedLength("🇫🇷")).toBe(2);
    expect(xWeightedLength("1️⃣")).toBe(2);
    expect(xWeightedLength("❤️")).toBe(2);
    expect(xWeightedLength("Launch day 🚀🚀")).toBe(11 + 4);
  });

  it("counts © and ® as plain text unless written as emoji", () => {
    expect(xWeightedLength("©")).toBe(1);
    expect(xWeightedLength("©\ufe0f")).toBe(2);
  });

  it("counts the general punctuation X treats as light as 1, the rest as 2", () => {
    expect(xWeightedLength("—")).toBe(1);
    expect(xWeightedLength("“quoted”")).toBe(8);
    expect(xWeightedLength("…")).toBe(2);
  });

  it("equals the number of characters for plain ASCII words", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z ,!?]{0,400}$/), (text) => {
        expect(xWeightedLength(text)).toBe(text.length);
      }),
    );
  });
});

describe("findXUrls and xTextSegments: what the preview highlights", () => {
  it("finds links with their ranges", () => {
    expect(findXUrls("a https://example.com/x, b")).toEqual([{ start: 2, end: 23, url: "https://example.com/x" }]);
  });

  it("cuts a text into plain runs, mentions, hashtags and links", () => {
    expect(xTextSegments("Hi @aurora, try #AuroraWallet at https://aurora.example.com!")).toEqual([
      { kind: "text", text: "Hi " },
      { kind: "mention", text: "@aurora" },
      { kind: "text", text: ", try " },
      { kind: "hashtag", text: "#AuroraWallet" },
      { kind: "text", text: " at " },
      { kind: "url", text: "https://aurora.example.com" },
      { kind: "text", text: "!" },
    ]);
  });

  it("does not take an e-mail address for a mention, nor a link's fragment for a hashtag", () => {
    expect(xTextSegments("mail ada@example.com")).toEqual([{ kind: "text", text: "mail ada@example.com" }]);
    expect(xTextSegments("https://example.com/#top")).toEqual([{ kind: "url", text: "https://example.com/#top" }]);
  });
});
