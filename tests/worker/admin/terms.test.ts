import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { recentNotificationsSchema, type Notification } from "../../../worker/contracts/notifications.ts";
import { currentTermsSchema, publishedTermsSchema, termsAcceptanceSchema } from "../../../worker/contracts/terms.ts";
import { listAuditEntries } from "../../support/audit-log.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { continueTermsFanOuts } from "../../../worker/domain/terms/fan-out.ts";
import { publishTerms } from "../../../worker/domain/terms/publish-terms.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor } from "../support/sessions.ts";
import { call } from "../support/http.ts";

/*
 * New terms (docs/decisions/032-spec-server-items.md section 2): an admin publishes a version, every creator gets the
 * terms-and-conditions notification (page by page), and each accepts the version in force. This file's database
 * holds exactly the users made here: five creators, an admin and an advertiser.
 */

const now = Date.now();
const admin = buildUser("terms_admin", now);
const creators = ["terms_ann", "terms_bob", "terms_cy", "terms_dee", "terms_eve"].map((handle) => buildUser(handle, now));
const [ann, bob] = creators as [(typeof creators)[number], (typeof creators)[number]];
const advertiserOnly = buildUser("terms_ads", now);

let adminBearer = "";
let annBearer = "";

function publish(body: unknown, idempotencyKey?: string, authorization = adminBearer) {
  return call("POST", "/v1/admin/terms", authorization, body, idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey });
}

async function termsNotificationsOf(userId: string): Promise<Notification[]> {
  const response = await call("GET", "/v1/notification/recent", await bearerFor(userId));
  expect(response.status).toBe(200);
  return recentNotificationsSchema.parse(await response.json()).data.filter((item) => item.eventType === "terms-and-conditions");
}

async function currentTerms(authorization: string) {
  const response = await call("GET", "/v1/terms", authorization);
  expect(response.status).toBe(200);
  return currentTermsSchema.parse(await response.json());
}

function accept(termsId: string, authorization: string) {
  return call("POST", `/v1/terms/${termsId}/accept`, authorization);
}

beforeAll(async () => {
  await env.DB.batch([
    ...insertUserStatements(env.DB, admin, ["admin"]),
    ...creators.flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
    ...insertUserStatements(env.DB, advertiserOnly, ["advertiser"]),
  ]);
  adminBearer = await bearerFor(admin.id);
  annBearer = await bearerFor(ann.id);
});

describe("publishing new terms", () => {
  const body = { effectiveDate: "2026-12-01", summary: "Rewards are now paid in USDC only." };
  let termsId = "";

  it("records the version and notifies every creator once, linking to the terms page; the same key again notifies nobody", async () => {
    expect(await currentTerms(annBearer)).toEqual({ terms: null, acceptedAt: null });

    const first = await publish(body, "terms-key-0001");
    expect(first.status, await first.clone().text()).toBe(201);
    const published = publishedTermsSchema.parse(await first.json());
    expect(published).toMatchObject({ terms: body, notified: 5, fanOutDone: true, replayed: false });
    termsId = published.terms.id;

    for (const creator of creators) {
      expect((await termsNotificationsOf(creator.id)).map((item) => [item.title, item.body, item.link, item.isRead])).toEqual([
        [
          "Our terms and conditions change on 2026-12-01",
          "Rewards are now paid in USDC only. Read the new terms and accept them.",
          "/articles/terms",
          false,
        ],
      ]);
    }
    expect(await termsNotificationsOf(admin.id)).toEqual([]);
    expect(await termsNotificationsOf(advertiserOnly.id)).toEqual([]);

    const retry = await publish(body, "terms-key-0001");
    expect(retry.status).toBe(200);
    expect(publishedTermsSchema.parse(await retry.json())).toEqual({ ...published, replayed: true });
    expect(await termsNotificationsOf(bob.id)).toHaveLength(1);

    const reused = await publish({ ...body, summary: "Something else." }, "terms-key-0001");
    expect(reused.status).toBe(409);
    expect(errorBodySchema.parse(await reused.json())).toMatchObject({
      code: "idempotency_key_reused",
      detail: [{ loc: ["header", "Idempotency-Key"], msg: "was already used for other terms" }],
    });

    const audit = await listAuditEntries(env.DB, "admin.terms.", 10);
    expect(audit.map((entry) => [entry.action, entry.actorUserId, entry.detail])).toEqual([
      ["admin.terms.published", admin.id, { termsId, effectiveDate: "2026-12-01", idempotencyKey: "terms-key-0001", notifiedAtOnce: 5 }],
    ]);
  });

  it("answers 400 naming the header or the field, and 403 to anyone but an admin", async () => {
    const noKey = await publish(body);
    expect(noKey.status).toBe(400);
    expect(errorBodySchema.parse(await noKey.json()).detail).toEqual([
      {
        loc: ["header", "Idempotency-Key"],
        msg: "is required: send a unique Idempotency-Key header (for example a UUID) with each new version of the terms",
      },
    ]);
    const noDay = await publish({ ...body, effectiveDate: "2026-02-30" }, "terms-key-0002");
    expect(errorBodySchema.parse(await noDay.json()).detail).toEqual([
      { loc: ["body", "effectiveDate"], msg: "must be a date that exists" },
    ]);
    const noSummary = await publish({ effectiveDate: "2026-12-01", summary: "  " }, "terms-key-0003");
    expect(errorBodySchema.parse(await noSummary.json()).detail?.map((field) => field.loc)).toEqual([["body", "summary"]]);
    const tooLong = await publish({ effectiveDate: "2026-12-01", summary: "x".repeat(1001) }, "terms-key-0004");
    expect(errorBodySchema.parse(await tooLong.json()).detail).toEqual([
      { loc: ["body", "summary"], msg: "must be at most 1000 characters" },
    ]);

    const creator = await publish(body, "terms-key-0005", annBearer);
    expect(creator.status).toBe(403);
    expect((await fetchWorker("/v1/admin/terms", { method: "POST" })).status).toBe(401);
  });

  it("lets a creator accept the version in force once, marking its notification read", async () => {
    expect(await currentTerms(annBearer)).toMatchObject({ terms: { id: termsId, ...body }, acceptedAt: null });

    const accepted = await accept(termsId, annBearer);
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const acceptance = termsAcceptanceSchema.parse(await accepted.json());
    expect(acceptance.termsId).toBe(termsId);
    expect(await currentTerms(annBearer)).toMatchObject({ terms: { id: termsId }, acceptedAt: acceptance.acceptedAt });
    expect((await termsNotificationsOf(ann.id)).map((item) => item.isRead)).toEqual([true]);

    const again = await accept(termsId, annBearer);
    expect(termsAcceptanceSchema.parse(await again.json())).toEqual(acceptance);
    // Someone else's acceptance is their own.
    expect((await currentTerms(await bearerFor(bob.id))).acceptedAt).toBeNull();

    const unknown = await accept("trm_00000000-0000-4000-8000-000000000000", annBearer);
    expect(unknown.status).toBe(404);
    const malformed = await accept("terms-1", annBearer);
    expect(errorBodySchema.parse(await malformed.json()).detail).toEqual([
      { loc: ["path", "termsId"], msg: "must be a terms version id (trm_ and a UUID)" },
    ]);
  });

  it("refuses to accept a version a newer one replaced, and asks for the newer one", async () => {
    const newer = publishedTermsSchema.parse(
      await (
        await publish({ effectiveDate: "2027-01-15", summary: "Withdrawals need two-factor authentication." }, "terms-key-0006")
      ).json(),
    );
    const stale = await accept(termsId, await bearerFor(bob.id));
    expect(stale.status).toBe(409);
    expect(errorBodySchema.parse(await stale.json())).toMatchObject({
      code: "terms_superseded",
      message: "Newer terms (from 2027-01-15) replace these: accept those instead.",
    });
    // Ann accepted the old version, not this one: the page offers Accept again.
    expect(await currentTerms(annBearer)).toMatchObject({ terms: { id: newer.terms.id }, acceptedAt: null });
  });
});

describe("the fan-out, page by page", () => {
  it("notifies a page of creators per statement, the rest in later scheduler runs, each creator once", async () => {
    const deps = { db: env.DB, clock: { now: () => Date.now() } };
    const pages = { pageSize: 2, pagesPerBatch: 1 };
    const published = await publishTerms(deps, admin.id, { effectiveDate: "2027-03-01", summary: "Paging test." }, "terms-key-0007", pages);
    expect(published).toMatchObject({ notified: 2, fanOutDone: false, replayed: false });

    const run = () => continueTermsFanOuts(deps, { ...pages, batchesPerRun: 1 });
    expect(await run()).toEqual({ notified: 2 });
    expect(await run()).toEqual({ notified: 1 });
    // The last page was short, so the fan-out is over: nothing is left for later runs.
    expect(await run()).toEqual({ notified: 0 });

    const counts = await env.DB.prepare(
      `SELECT user_id, COUNT(*) AS count FROM notifications WHERE substr(dedupe_key, 1, length(?1)) = ?1 GROUP BY user_id ORDER BY user_id`,
    )
      .bind(`terms-and-conditions:${published.terms.id}:`)
      .all<{ user_id: string; count: number }>();
    expect(counts.results).toEqual(
      [...creators].sort((a, b) => (a.id < b.id ? -1 : 1)).map((creator) => ({ user_id: creator.id, count: 1 })),
    );
  });

  it("stops sending an older version once a newer one is published", async () => {
    const deps = { db: env.DB, clock: { now: () => Date.now() } };
    const pages = { pageSize: 2, pagesPerBatch: 1 };
    const older = await publishTerms(deps, admin.id, { effectiveDate: "2027-04-01", summary: "Older." }, "terms-key-0008", pages);
    expect(older).toMatchObject({ notified: 2, fanOutDone: false });
    const newer = await publishTerms(deps, admin.id, { effectiveDate: "2027-05-01", summary: "Newer." }, "terms-key-0009", pages);
    expect(newer).toMatchObject({ notified: 2, fanOutDone: false });
    expect(await continueTermsFanOuts(deps, { ...pages, batchesPerRun: 5 })).toEqual({ notified: 3 });
    const sent = await env.DB.prepare(`SELECT COUNT(*) AS count FROM notifications WHERE substr(dedupe_key, 1, length(?1)) = ?1`)
      .bind(`terms-and-conditions:${older.terms.id}:`)
      .first<{ count: number }>();
    expect(sent?.count).toBe(2);
  });
});
