import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createPostInputSchema, MAX_POST_CONTENT_UNITS, postContentSchema } from "../../worker/contracts/posts.ts";
import { humanText, isVisiblyBlank, textProblem } from "../../worker/contracts/text.ts";
import { campaignInputSchema } from "../../worker/contracts/advertiser-campaigns.ts";
import { createAdvertiserInputSchema } from "../../worker/contracts/advertisers.ts";
import { basicSettingsInputSchema } from "../../worker/contracts/settings.ts";
import { adHocNotificationInputSchema } from "../../worker/contracts/admin.ts";

describe("textProblem: what no person means to send", () => {
  it("accepts what people write: accents, emoji sequences, right-to-left scripts, line breaks and tabs in multi-line text", () => {
    for (const text of ["Zoë's café", "👩🏽‍👩🏽‍👧🏽‍👦🏽 family", "שלום עולם", "مرحبا", "漢字とかな", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 flag"]) {
      expect(textProblem(text, "name"), text).toBeNull();
    }
    expect(textProblem("Line one\n\tline two", "multiline")).toBeNull();
    expect(textProblem("", "line")).toBeNull();
  });

  it("refuses control characters, naming the one found; single-line text refuses line breaks too", () => {
    expect(textProblem("a\u0000b", "multiline")).toBe("contains the invisible control character U+0000 (line breaks and tabs are fine)");
    expect(textProblem("\u001b[31mred", "multiline")).toContain("U+001B");
    expect(textProblem("carriage\rreturn", "multiline")).toContain("U+000D");
    expect(textProblem("del\u007f", "line")).toContain("U+007F");
    expect(textProblem("c1\u0085", "line")).toContain("U+0085");
    expect(textProblem("two\nlines", "name")).toBe("contains the invisible control character U+000A (it must be one line)");
    expect(textProblem("tab\there", "line")).toContain("U+0009");
  });

  it("refuses unpaired surrogates, alone or beside a well-formed pair", () => {
    for (const text of ["\ud800", "\udc00", "ok \ud83d", "😀\ude00x"]) {
      expect(textProblem(text, "multiline"), JSON.stringify(text)).toBe("contains a broken character (half of a surrogate pair)");
    }
  });

  it("refuses text that shows nothing once zero-width characters are removed, and leaves plain blank text to each field", () => {
    expect(textProblem("\u200b\u200c\u200d\u2060\ufeff", "multiline")).toBe("must not be empty: it holds only invisible characters");
    expect(textProblem(" \u200b ", "line")).toBe("must not be empty: it holds only invisible characters");
    expect(textProblem("   ", "line")).toBeNull();
    expect(isVisiblyBlank("\u200b \n\ufeff")).toBe(true);
    expect(isVisiblyBlank("a\u200b")).toBe(false);
  });

  it("refuses bidirectional overrides and isolates in names only", () => {
    for (const control of ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(textProblem(`invoice${control}fdp.exe`, "name")).toContain("changes the reading direction");
      expect(textProblem(`quoted ${control}text`, "multiline")).toBeNull();
    }
  });

  it("works as a zod refinement that names the problem", () => {
    const schema = z.string().superRefine(humanText("name"));
    const result = schema.safeParse("Evil\u202eeman");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("contains U+202E, which changes the reading direction of the text after it");
  });
});

describe("the rule in the contracts with free text", () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

  it("post content: the hard cap answers before any network's count, which would name a length", () => {
    const tooLong = postContentSchema.safeParse("a".repeat(MAX_POST_CONTENT_UNITS + 1));
    expect(firstMessage(tooLong)).toEqual([": is far longer than any network allows (4000 characters)"]);
    const post = (content: string, network?: string) => ({ content, network, campaignId: "c", selectedSuggestionId: null });
    // Within the cap the network's own count decides: 140 families of four (19 units each) are a valid post on X.
    expect(createPostInputSchema.safeParse(post("👩🏽‍👩🏽‍👧🏽‍👦🏽".repeat(140))).success).toBe(true);
    expect(firstMessage(createPostInputSchema.safeParse(post("a".repeat(281))))).toEqual([
      "content: is 281 characters as X counts them; X allows at most 280",
    ]);
    // Bluesky counts graphemes: 300 fit, 301 do not.
    expect(createPostInputSchema.safeParse(post("a".repeat(300), "bluesky")).success).toBe(true);
    expect(firstMessage(createPostInputSchema.safeParse(post("a".repeat(301), "bluesky")))).toEqual([
      "content: is 301 characters as Bluesky counts them; Bluesky allows at most 300",
    ]);
  });

  it("post creation takes the spec's payload without a key in the body", () => {
    expect(createPostInputSchema.safeParse({ content: "Hi", attachments: [], campaignId: "c", selectedSuggestionId: null }).success).toBe(
      true,
    );
  });

  it("names and titles refuse bidi overrides; descriptions and messages keep line breaks", () => {
    expect(
      firstMessage(
        basicSettingsInputSchema.safeParse({ displayName: "Ada\u202e", preferredAdvertiserId: null, mailedNotificationKinds: [] }),
      ),
    ).toEqual(["displayName: contains U+202E, which changes the reading direction of the text after it"]);
    expect(firstMessage(createAdvertiserInputSchema.safeParse({ name: "\u200b", slug: "acme" }))).toEqual([
      "name: must not be empty: it holds only invisible characters",
    ]);
    const campaign = {
      title: "Launch\u0000",
      description: "Line one\nLine two",
      startsAt: 1,
      endsAt: 2,
      rewardCurrency: "USDC",
      weeklyPool: 1,
      bonusPool: 0,
      creatorCapBps: 100,
      category: "software",
      suggestions: [{ text: "Post \u0007 this" }],
    };
    expect(firstMessage(campaignInputSchema.safeParse(campaign))).toEqual([
      "title: contains the invisible control character U+0000 (it must be one line)",
      "suggestions.0.text: contains the invisible control character U+0007 (line breaks and tabs are fine)",
    ]);
    const notification = { title: "Hello", message: "Broken \ud800", audience: { kind: "all-creators" } };
    expect(firstMessage(adHocNotificationInputSchema.safeParse(notification))).toEqual([
      "message: contains a broken character (half of a surrogate pair)",
    ]);
  });
});
