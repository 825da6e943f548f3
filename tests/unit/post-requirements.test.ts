import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../worker/clock.ts";
import { defaultCampaignRules } from "../../worker/contracts/campaign-rules.ts";
import {
  bareTag,
  checkPostRequirements,
  containsHashtag,
  containsLink,
  containsMention,
  shownHashtag,
  shownMention,
  type PostRequirements,
  type RequirementCheck,
} from "../../worker/contracts/post-requirements.ts";
import { checkPostRules, type PostFacts, type RuleCampaign } from "../../worker/domain/rewards/rules.ts";

/**
 * The post editor marks each requirement "(included)" or "(missing)" with `checkPostRequirements`; the server decides
 * at maturity with `checkPostRules`. Fed the same text, they must agree on every requirement, and the server's reason
 * names the requirement the way the editor shows it.
 */

const start = Date.UTC(2026, 5, 1);

/** Everything but the text meets the campaign's rules, so the only reasons left are the requirements'. */
function serverMissing(requirements: PostRequirements, content: string): string[] {
  const campaign: RuleCampaign = {
    startsAt: start,
    endsAt: start + 14 * DAY,
    disclosure: "#ad",
    rules: {
      ...defaultCampaignRules,
      requiredMentions: [...requirements.requiredMentions],
      requiredHashtags: [...requirements.requiredHashtags],
      requiredLink: requirements.requiredLink,
    },
  };
  const post: PostFacts = {
    network: "x",
    content,
    readText: `#ad ${content}`,
    paidPartnership: true,
    postedAt: start + DAY,
    joinedAt: start + HOUR,
    weekRank: 1,
    accountFlagged: false,
    metrics: { impressions: 250, likes: 3, reposts: 0, replies: 1, quotes: 0, bookmarks: 0 },
  };
  return checkPostRules(campaign, post)
    .reasons.filter((reason) => reason.code.startsWith("missing-"))
    .map((reason) => reason.message);
}

const missingMessage: Record<RequirementCheck["kind"], (shown: string) => string> = {
  mention: (shown) => `The post does not mention ${shown}.`,
  hashtag: (shown) => `The post does not use ${shown}.`,
  link: (shown) => `The post does not link to ${shown}.`,
};

/** What the editor shows as missing, worded as the server's reasons. */
function editorMissing(requirements: PostRequirements, content: string): string[] {
  return checkPostRequirements(requirements, content)
    .filter((check) => !check.met)
    .map((check) => missingMessage[check.kind](check.shown));
}

const requirementsOf = (partial: Partial<PostRequirements>): PostRequirements => ({
  requiredMentions: [],
  requiredHashtags: [],
  requiredLink: null,
  ...partial,
});

type Case = { content: string; met: boolean };

const hashtag = requirementsOf({ requiredHashtags: ["AuroraWallet"] });
const hashtagWithSigil = requirementsOf({ requiredHashtags: ["#AuroraWallet"] });
const mention = requirementsOf({ requiredMentions: ["@aurora"] });
const mentionWithoutSigil = requirementsOf({ requiredMentions: ["aurora"] });
const link = requirementsOf({ requiredLink: "https://aurora.example/launch" });
const wwwLink = requirementsOf({ requiredLink: "https://www.aurora.example/" });

const table: { name: string; requirements: PostRequirements[]; cases: Case[] }[] = [
  {
    name: "a hashtag, as a whole word in any letter case",
    requirements: [hashtag, hashtagWithSigil],
    cases: [
      { content: "Loving it #AuroraWallet", met: true },
      { content: "#aurorawallet first thing", met: true },
      { content: "#AURORAWALLET!", met: true },
      { content: "Try it (#AuroraWallet).", met: true },
      { content: "Loving it #AuroraWalletX", met: false },
      { content: "Loving it #AuroraWallet2", met: false },
      { content: "Loving it #AuroraWallet_pro", met: false },
      { content: "Loving it AuroraWallet", met: false },
      { content: "Loving it x#AuroraWallet", met: false },
      { content: "Loving it ##AuroraWallet", met: false },
      { content: "", met: false },
    ],
  },
  {
    name: "a mention, as a whole word in any letter case",
    requirements: [mention, mentionWithoutSigil],
    cases: [
      { content: "Thanks @aurora", met: true },
      { content: "@AURORA, thanks", met: true },
      { content: "Thanks @Aurora's team", met: true },
      { content: "Thanks @auroraX", met: false },
      { content: "Thanks @aurora_team", met: false },
      { content: "write to mail@aurora", met: false },
      { content: "Thanks #aurora", met: false },
      { content: "Thanks aurora", met: false },
    ],
  },
  {
    name: "a link, with or without scheme, www. or trailing slash",
    requirements: [link],
    cases: [
      { content: "Read https://aurora.example/launch", met: true },
      { content: "Read http://aurora.example/launch", met: true },
      { content: "Read aurora.example/launch", met: true },
      { content: "Read www.aurora.example/launch/", met: true },
      { content: "Read HTTPS://Aurora.Example/Launch today", met: true },
      { content: "(https://aurora.example/launch)", met: true },
      { content: "Read https://aurora.example/launch.", met: true },
      { content: "Read https://aurora.example/launchpad", met: false },
      { content: "Read https://aurora.example/launch-day", met: false },
      { content: "Read https://aurora.example/launch/v2", met: false },
      { content: "Read https://aurora.example", met: false },
      { content: "Read https://notaurora.example/launch", met: false },
      { content: "Read https://x.com/?u=aurora.example/launch", met: false },
    ],
  },
  {
    name: "a link given with www. and a trailing slash",
    requirements: [wwwLink],
    cases: [
      { content: "Go to aurora.example", met: true },
      { content: "Go to https://www.aurora.example/", met: true },
      { content: "Go to https://aurora.example/", met: true },
      { content: "Go to https://aurora.example/launch", met: false },
      { content: "Go to aurora.examples", met: false },
    ],
  },
];

describe("one rule for the post editor and the server", () => {
  for (const { name, requirements, cases } of table) {
    describe(name, () => {
      for (const variant of requirements) {
        for (const { content, met } of cases) {
          it(`${JSON.stringify(content)} with ${JSON.stringify(variant)}: ${met ? "met" : "missing"} for both`, () => {
            const checks = checkPostRequirements(variant, content);
            expect(checks.map((check) => check.met)).toEqual([met]);
            expect(serverMissing(variant, content)).toEqual(editorMissing(variant, content));
          });
        }
      }
    });
  }

  it("agrees on a campaign with every kind of requirement, in the order the editor lists them", () => {
    const requirements = requirementsOf({
      requiredMentions: ["aurora", "@nimbus"],
      requiredHashtags: ["#AuroraWallet", "Launch"],
      requiredLink: "https://aurora.example/launch",
    });
    const contents = [
      "@aurora @nimbus #AuroraWallet #launch https://aurora.example/launch",
      "@auroraX @nimbus #AuroraWalletX #Launch aurora.example/launchpad",
      "mail@aurora @NIMBUS #aurorawallet #LaunchDay www.aurora.example/launch/",
      "nothing at all",
    ];
    for (const content of contents) {
      expect(serverMissing(requirements, content)).toEqual(editorMissing(requirements, content));
    }
    expect(checkPostRequirements(requirements, contents[1] ?? "")).toEqual([
      { kind: "mention", shown: "@aurora", met: false },
      { kind: "mention", shown: "@nimbus", met: true },
      { kind: "hashtag", shown: "#AuroraWallet", met: false },
      { kind: "hashtag", shown: "#Launch", met: true },
      { kind: "link", shown: "https://aurora.example/launch", met: false },
    ]);
  });

  it("lists nothing, and the server finds nothing missing, when the campaign requires nothing", () => {
    expect(checkPostRequirements(requirementsOf({}), "anything")).toEqual([]);
    expect(serverMissing(requirementsOf({}), "anything")).toEqual([]);
  });
});

describe("the normalisation of mentions and hashtags", () => {
  it("shows a mention as @name and a hashtag as #tag, stored with or without the sigil", () => {
    expect(bareTag("@aurora")).toBe("aurora");
    expect(bareTag("#AuroraWallet")).toBe("AuroraWallet");
    expect(bareTag("aurora")).toBe("aurora");
    expect(shownMention("aurora")).toBe("@aurora");
    expect(shownMention("@aurora")).toBe("@aurora");
    expect(shownHashtag("AuroraWallet")).toBe("#AuroraWallet");
    expect(shownHashtag("#AuroraWallet")).toBe("#AuroraWallet");
  });

  it("finds the requirement the same way whichever form it was stored in", () => {
    expect(containsMention("hi @aurora", "aurora")).toBe(containsMention("hi @aurora", "@aurora"));
    expect(containsHashtag("#AuroraWalletX", "AuroraWallet")).toBe(false);
    expect(containsHashtag("#AuroraWalletX", "#AuroraWallet")).toBe(false);
    expect(containsLink("see aurora.example/launch", "https://aurora.example/launch")).toBe(true);
  });

  it("treats the characters of a name literally", () => {
    expect(containsLink("see aurora.example/a+b", "https://aurora.example/a+b")).toBe(true);
    expect(containsLink("see auroraXexample/a", "https://aurora.example/a")).toBe(false);
  });
});
