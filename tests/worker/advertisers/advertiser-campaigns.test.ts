import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../../worker/clock.ts";
import { consoleCampaignListSchema, consoleCampaignSchema, type CampaignInput } from "../../../worker/contracts/advertiser-campaigns.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { markFundedStatement } from "../../../worker/db/reward-campaigns.ts";
import { campaignStatusAt } from "../../../worker/domain/rewards/calendar.ts";
import { buildCampaign } from "../../../fixtures/factories.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { sessionCookieFor } from "../support/sessions.ts";
import { call, expectError } from "../support/http.ts";
import { advertiserWithOwner, newPerson, type Person } from "../support/people.ts";

/*
 * Campaigns in the advertiser console (docs/decisions/019-advertiser-console.md): members create drafts, edit and
 * publish them; drafts stay invisible to creators; what cannot change once a campaign runs is refused by field; the
 * preview link shows drafts and dies when rotated.
 */

const now = Date.now();
const run = crypto.randomUUID().slice(0, 8);

const fields = (body: { detail?: { loc: (string | number)[] }[] | undefined }) => (body.detail ?? []).map((field) => field.loc.join("."));

function draftInput(overrides: Partial<CampaignInput> = {}): CampaignInput {
  return {
    title: "Spring launch",
    description: "Tell your followers about **Spring**. [Read more](https://example.com)",
    startsAt: now + DAY,
    endsAt: now + 15 * DAY,
    rewardCurrency: "USDC",
    weeklyPool: 1_000_000_000,
    bonusPool: 200_000_000,
    creatorCapBps: 2500,
    category: "software",
    rules: { requiredMentions: ["@chorus"], requiredHashtags: ["#spring"], requiredLink: null, minImpressions: 100, maxPostsPerWeek: 2 },
    suggestions: [{ text: "Spring is here with @chorus #spring" }],
    visibility: "public",
    ...overrides,
  };
}

async function createDraft(advertiserId: string, owner: Person, overrides: Partial<CampaignInput> = {}) {
  const response = await call("POST", `/v1/advertiser/${advertiserId}/campaigns`, owner.bearer, draftInput(overrides));
  expect(response.status).toBe(201);
  return consoleCampaignSchema.parse(await response.json());
}

let acme: { advertiserId: string; owner: Person };
beforeAll(async () => {
  acme = await advertiserWithOwner("ac");
});

describe("a member creates, edits and publishes a campaign", () => {
  it("creates a draft, lists it, edits it and publishes it", async () => {
    const { advertiserId, owner } = acme;
    const draft = await createDraft(advertiserId, owner);
    expect(draft).toMatchObject({ draft: true, status: "inactive", title: "Spring launch", spent: 0, rewardCurrency: "USDC" });
    expect(draft.suggestions.map((suggestion) => suggestion.text)).toEqual(["Spring is here with @chorus #spring"]);
    expect(draft.rules.requiredHashtags).toEqual(["#spring"]);
    expect(draft.previewToken).toMatch(/^[\w-]{22}$/);

    const list = consoleCampaignListSchema.parse(
      await (await call("GET", `/v1/advertiser/${advertiserId}/campaigns`, owner.bearer)).json(),
    );
    expect(list.campaigns.find((campaign) => campaign.id === draft.id)).toMatchObject({ draft: true, health: "unknown" });

    const kept = draft.suggestions[0]?.id;
    const edited = await call("PUT", `/v1/advertiser/${advertiserId}/campaigns/${draft.id}`, owner.bearer, {
      ...draftInput({ title: "Spring launch 2", rewardCurrency: "EUR", weeklyPool: 50_000 }),
      suggestions: [{ id: kept, text: "Edited text" }, { text: "Another one" }],
    });
    expect(edited.status).toBe(200);
    const after = consoleCampaignSchema.parse(await edited.json());
    expect(after).toMatchObject({ title: "Spring launch 2", rewardCurrency: "EUR", weeklyPool: 50_000 });
    expect(after.suggestions.map((suggestion) => suggestion.text)).toEqual(["Edited text", "Another one"]);
    expect(after.suggestions[0]?.id).toBe(kept);

    const published = await call("POST", `/v1/advertiser/${advertiserId}/campaigns/${draft.id}/publish`, owner.bearer);
    expect(published.status).toBe(200);
    const live = consoleCampaignSchema.parse(await published.json());
    expect(live).toMatchObject({ draft: false, status: "inactive", fundedAt: null });
    expect(
      (await expectError(await call("POST", `/v1/advertiser/${advertiserId}/campaigns/${draft.id}/publish`, owner.bearer), 409)).code,
    ).toBe("already_published");
    // Published: creators see it (public campaign page).
    expect((await fetchPage(`/campaign/${draft.id}`, await sessionCookieFor(owner.userId))).status).toBe(200);
  });

  it("refuses to publish an incomplete draft, naming the fields", async () => {
    const draft = await createDraft(acme.advertiserId, acme.owner, { description: "", weeklyPool: 0 });
    const body = await expectError(
      await call("POST", `/v1/advertiser/${acme.advertiserId}/campaigns/${draft.id}/publish`, acme.owner.bearer),
      400,
    );
    expect(fields(body)).toEqual(expect.arrayContaining(["body.description", "body.weeklyPool"]));
    expect(body.message).toMatch(/Describe the campaign/);
  });

  it("stores an image in R2 and serves it", async () => {
    const draft = await createDraft(acme.advertiserId, acme.owner);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);
    const response = await fetchWorker(`/v1/advertiser/${acme.advertiserId}/campaigns/${draft.id}/image`, {
      method: "POST",
      headers: { Authorization: acme.owner.bearer, "Content-Type": "image/png" },
      body: png,
    });
    expect(response.status).toBe(200);
    const { imageUrl } = consoleCampaignSchema.parse(await response.json());
    expect(imageUrl).toMatch(/^\/v1\/campaign-images\//);
    const image = await fetchWorker(imageUrl ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const text = await fetchWorker(`/v1/advertiser/${acme.advertiserId}/campaigns/${draft.id}/image`, {
      method: "POST",
      headers: { Authorization: acme.owner.bearer, "Content-Type": "image/png" },
      body: "not an image",
    });
    expect(fields(await expectError(text, 400))).toEqual(["body"]);
  });
});

describe("authorization and validation", () => {
  it("answers 404 to a member of another account, and 401 without a token", async () => {
    const draft = await createDraft(acme.advertiserId, acme.owner);
    const other = await advertiserWithOwner("ac");
    const base = `/v1/advertiser/${acme.advertiserId}/campaigns`;
    await expectError(await call("GET", base, other.owner.bearer), 404);
    await expectError(await call("POST", base, other.owner.bearer, draftInput()), 404);
    await expectError(await call("GET", `${base}/${draft.id}`, other.owner.bearer), 404);
    await expectError(await call("PUT", `${base}/${draft.id}`, other.owner.bearer, draftInput()), 404);
    await expectError(await call("POST", `${base}/${draft.id}/publish`, other.owner.bearer), 404);
    await expectError(await call("POST", `${base}/${draft.id}/preview-token`, other.owner.bearer), 404);
    // Their own account does not reach this campaign either.
    await expectError(await call("GET", `/v1/advertiser/${other.advertiserId}/campaigns/${draft.id}`, other.owner.bearer), 404);
    await expectError(await call("GET", base, null), 401);
    await expectError(await call("POST", base, null, draftInput()), 401);
  });

  it("answers 400 naming the fields", async () => {
    const base = `/v1/advertiser/${acme.advertiserId}/campaigns`;
    const bad = await expectError(
      await call("POST", base, acme.owner.bearer, { ...draftInput(), title: "", rewardCurrency: "DOGE", weeklyPool: 1.5 }),
      400,
    );
    expect(fields(bad)).toEqual(expect.arrayContaining(["body.title", "body.rewardCurrency", "body.weeklyPool"]));
    const dates = await expectError(await call("POST", base, acme.owner.bearer, draftInput({ endsAt: now })), 400);
    expect(fields(dates)).toEqual(["body.endsAt"]);
    const past = await expectError(await call("POST", base, acme.owner.bearer, draftInput({ startsAt: now - DAY })), 400);
    expect(fields(past)).toEqual(["body.startsAt"]);
  });

  it("refuses a category X excludes from its paid-partnership label, naming the field and the category, and stores nothing", async () => {
    const base = `/v1/advertiser/${acme.advertiserId}/campaigns`;
    const before = await env.DB.prepare(`SELECT COUNT(*) AS n FROM campaigns WHERE advertiser_id = ?`).bind(acme.advertiserId).first("n");
    for (const category of ["alcohol", "weight-loss", "political-or-social-issues"] as const) {
      const refused = await expectError(await call("POST", base, acme.owner.bearer, draftInput({ category })), 400);
      expect(refused.code).toBe("category_not_allowed");
      expect(refused.detail).toEqual([{ loc: ["body", "category"], msg: `X excludes the category ${category} from paid partnerships` }]);
    }
    const alcohol = await expectError(await call("POST", base, acme.owner.bearer, draftInput({ category: "alcohol" })), 400);
    expect(alcohol.message).toBe(
      'X does not allow paid partnerships for alcohol (its "Paid partnership" label excludes the category), so Chorus cannot run this campaign on X.',
    );
    const missing = await expectError(await call("POST", base, acme.owner.bearer, { ...draftInput(), category: undefined }), 400);
    expect(fields(missing)).toEqual(["body.category"]);
    const after = await env.DB.prepare(`SELECT COUNT(*) AS n FROM campaigns WHERE advertiser_id = ?`).bind(acme.advertiserId).first("n");
    expect(after).toBe(before);

    // An allowed campaign cannot be moved into an excluded category either.
    const draft = await createDraft(acme.advertiserId, acme.owner);
    const moved = await expectError(await call("PUT", `${base}/${draft.id}`, acme.owner.bearer, draftInput({ category: "tobacco" })), 400);
    expect(fields(moved)).toEqual(["body.category"]);
  });

  it("runs a campaign on the networks chosen: X, Bluesky or both, at least one, X when not said", async () => {
    const base = `/v1/advertiser/${acme.advertiserId}/campaigns`;
    const stored = async (id: string) => env.DB.prepare(`SELECT networks FROM campaigns WHERE id = ?`).bind(id).first("networks");

    const unsaid = await createDraft(acme.advertiserId, acme.owner);
    expect(unsaid.networks).toEqual(["x"]);
    const both = await createDraft(acme.advertiserId, acme.owner, { networks: ["bluesky", "x"] });
    expect(both.networks).toEqual(["x", "bluesky"]);
    expect(await stored(both.id)).toBe('["x","bluesky"]');

    const none = await expectError(await call("POST", base, acme.owner.bearer, draftInput({ networks: [] })), 400);
    expect(none.detail).toEqual([{ loc: ["body", "networks"], msg: "choose at least one network" }]);
    const twice = await expectError(await call("POST", base, acme.owner.bearer, draftInput({ networks: ["x", "x"] })), 400);
    expect(fields(twice)).toEqual(["body.networks"]);
    const unknown = await expectError(await call("POST", base, acme.owner.bearer, { ...draftInput(), networks: ["threads"] }), 400);
    expect(fields(unknown)).toEqual(["body.networks.0"]);

    // Saving the form changes them; an edit to none is refused and changes nothing.
    const edited = await call("PUT", `${base}/${unsaid.id}`, acme.owner.bearer, draftInput({ networks: ["bluesky"] }));
    expect(edited.status).toBe(200);
    expect(consoleCampaignSchema.parse(await edited.json()).networks).toEqual(["bluesky"]);
    const emptied = await expectError(await call("PUT", `${base}/${unsaid.id}`, acme.owner.bearer, draftInput({ networks: [] })), 400);
    expect(fields(emptied)).toEqual(["body.networks"]);
    expect(await stored(unsaid.id)).toBe('["bluesky"]');
  });

  it("applies X's excluded categories only when the campaign runs on X", async () => {
    const base = `/v1/advertiser/${acme.advertiserId}/campaigns`;
    const onBluesky = await createDraft(acme.advertiserId, acme.owner, { category: "alcohol", networks: ["bluesky"] });
    expect(onBluesky).toMatchObject({ category: "alcohol", networks: ["bluesky"] });
    const withX = await expectError(
      await call("POST", base, acme.owner.bearer, draftInput({ category: "alcohol", networks: ["x", "bluesky"] })),
      400,
    );
    expect(withX.code).toBe("category_not_allowed");
    expect(fields(withX)).toEqual(["body.category"]);
    // Adding X to a Bluesky campaign in an excluded category is refused the same way.
    const addX = await expectError(
      await call("PUT", `${base}/${onBluesky.id}`, acme.owner.bearer, draftInput({ category: "alcohol", networks: ["bluesky", "x"] })),
      400,
    );
    expect(addX.code).toBe("category_not_allowed");
  });

  it("refuses a disclosure that does not say plainly it is an ad, and keeps #ad by default", async () => {
    const base = `/v1/advertiser/${acme.advertiserId}/campaigns`;
    const vague = await expectError(await call("POST", base, acme.owner.bearer, draftInput({ disclosure: "#sp" })), 400);
    expect(vague.detail).toEqual([
      { loc: ["body", "disclosure"], msg: "must say plainly that it is an ad, such as #ad, Ad: or #sponsored" },
    ]);
    const created = await call("POST", base, acme.owner.bearer, draftInput());
    expect(created.status).toBe(201);
    expect(consoleCampaignSchema.parse(await created.json())).toMatchObject({ category: "software", disclosure: "#ad" });
    const sponsored = await call("POST", base, acme.owner.bearer, draftInput({ disclosure: "#sponsored" }));
    expect(consoleCampaignSchema.parse(await sponsored.json())).toMatchObject({ disclosure: "#sponsored" });
  });
});

describe("drafts are invisible to creators", () => {
  it("keeps a draft out of lists, its page, joining and post options", async () => {
    const draft = await createDraft(acme.advertiserId, acme.owner, { startsAt: now + HOUR });
    const creator = await newPerson();
    const cookie = await sessionCookieFor(creator.userId);
    expect((await fetchPage(`/campaign/${draft.id}`, cookie)).status).toBe(404);
    const list = await (await fetchPage("/campaigns", cookie)).text();
    expect(list).not.toContain(draft.id);
    const dashboard = await (await call("GET", "/v1/page/dashboard", creator.bearer)).text();
    expect(dashboard).not.toContain(draft.id);
    await expectError(await call("POST", `/v1/page/campaign/${draft.id}/join`, creator.bearer, {}), 404);

    // A draft the creator somehow takes part in, even one whose dates say it runs, offers nothing to post to.
    const running = buildCampaign(`draft-${run}`, { id: acme.advertiserId }, "active", now, { publishedAt: null });
    await env.DB.batch([
      insertCampaignStatement(env.DB, running),
      ...joinCampaignStatements(env.DB, running.id, creator.userId, now - DAY),
    ]);
    const options = await (await call("GET", "/v1/action/post/options", creator.bearer)).text();
    expect(options).not.toContain(running.id);
    expect((await call("GET", "/v1/page/dashboard", creator.bearer)).status).toBe(200);
    expect(await (await call("GET", "/v1/page/dashboard", creator.bearer)).text()).not.toContain(running.id);
  });

  it("never moves a draft out of inactive, even funded and started", () => {
    const facts = { status: "inactive" as const, startsAt: now - DAY, endsAt: now + DAY * 7, fundedAt: now - DAY };
    expect(campaignStatusAt({ ...facts, publishedAt: null }, now)).toBe("inactive");
    expect(campaignStatusAt({ ...facts, publishedAt: now - DAY }, now)).toBe("active");
  });
});

describe("what cannot change once a campaign runs", () => {
  it("refuses currency, funded pools and the start of a running campaign, naming each field", async () => {
    const running = buildCampaign(`run-${run}`, { id: acme.advertiserId }, "active", now, { fundedAt: now - DAY });
    await env.DB.batch([insertCampaignStatement(env.DB, running), markFundedStatement(env.DB, running.id, now - DAY)]);
    const path = `/v1/advertiser/${acme.advertiserId}/campaigns/${running.id}`;
    const same = {
      title: running.title,
      description: running.description,
      startsAt: running.startsAt,
      endsAt: running.endsAt,
      rewardCurrency: running.rewardCurrency,
      weeklyPool: running.weeklyPool,
      bonusPool: running.bonusPool,
      creatorCapBps: running.creatorCapBps,
      rules: running.rules,
      scoreWeights: running.scoreWeights,
      suggestions: [],
      visibility: running.visibility,
      category: running.category,
    };
    const locked = await expectError(
      await call("PUT", path, acme.owner.bearer, { ...same, rewardCurrency: "EUR", weeklyPool: 1, bonusPool: 2, startsAt: now + DAY }),
      409,
    );
    expect(fields(locked).sort()).toEqual(["body.bonusPool", "body.rewardCurrency", "body.startsAt", "body.weeklyPool"]);
    expect(locked.message).toMatch(/currency cannot change/);

    const pastEnd = await expectError(await call("PUT", path, acme.owner.bearer, { ...same, endsAt: now - HOUR }), 400);
    expect(fields(pastEnd)).toEqual(["body.endsAt"]);

    // A network may be added to a running campaign, not taken away: creators' posts there are still counted.
    const withBluesky = await call("PUT", path, acme.owner.bearer, { ...same, networks: ["x", "bluesky"] });
    expect(withBluesky.status).toBe(200);
    const dropX = await expectError(await call("PUT", path, acme.owner.bearer, { ...same, networks: ["bluesky"] }), 409);
    expect(dropX.detail).toEqual([
      {
        loc: ["body", "networks"],
        msg: "X cannot be taken off a campaign that has started: creators' posts there are still counted. A network may be added.",
      },
    ]);
    expect(await env.DB.prepare(`SELECT networks FROM campaigns WHERE id = ?`).bind(running.id).first("networks")).toBe('["x","bluesky"]');

    // What may change still does: the title and a later end.
    const ok = await call("PUT", path, acme.owner.bearer, {
      ...same,
      networks: ["x", "bluesky"],
      title: "Renamed",
      endsAt: running.endsAt + DAY,
    });
    expect(ok.status).toBe(200);
    expect(consoleCampaignSchema.parse(await ok.json())).toMatchObject({ title: "Renamed", draft: false, status: "active" });
  });
});

describe("preview links", () => {
  it("shows a draft, stays noindex, and dies when the token is rotated", async () => {
    const draft = await createDraft(acme.advertiserId, acme.owner, { title: "Secret draft" });
    const first = await fetchPage(`/campaign-preview/${draft.previewToken}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("Secret draft");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);

    const rotated = await call("POST", `/v1/advertiser/${acme.advertiserId}/campaigns/${draft.id}/preview-token`, acme.owner.bearer);
    expect(rotated.status).toBe(200);
    const { previewToken } = (await rotated.json()) as { previewToken: string };
    expect(previewToken).not.toBe(draft.previewToken);
    expect(previewToken).toMatch(/^[\w-]{22}$/);
    expect((await fetchPage(`/campaign-preview/${draft.previewToken}`)).status).toBe(404);
    expect((await fetchPage(`/campaign-preview/${previewToken}`)).status).toBe(200);
  });
});
