import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  endpointName,
  endpointsOfProcedures,
  endpointsOfRoutes,
  fuzzRequest,
  type Credential,
  type FuzzRequest,
} from "../../../fuzz/requests.ts";
import { countedTables, rowCountChanges, rowCountSql, rowsAdded, TABLE_NAMES_SQL, type RowCounts } from "../../../fuzz/tables.ts";
import { newTally, recordAnswer, statusSummary } from "../../../fuzz/verdict.ts";
import { app } from "../../../worker/app.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { appRouter } from "../../../worker/trpc/router.ts";
import { buildAdvertiser, buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { bearerFor } from "../support/sessions.ts";
import { uniqueClientAddress } from "../support/client-address.ts";

/*
 * The seeded sample of `npm run fuzz` (fuzz/, docs/decisions/027-fuzzing-and-concurrency.md): the same generators,
 * 50 requests per route of the Hono app and per tRPC procedure, against the real worker and D1. Every route the app
 * registers is in the list by construction, so a new route is fuzzed without anyone adding it here.
 */

const SEED = 1327;
const RUNS_PER_ENDPOINT = 50;
const now = Date.now();
const advertiser = buildAdvertiser("fuzz-sample", now);
const campaign = buildCampaign("fuzz-sample", advertiser, "active", now);
const creator = buildUser("fuzz_creator", now);
const advertiserOwner = buildUser("fuzz_owner", now);
const admin = buildUser("fuzz_admin", now);
const knownIds = [advertiser.id, campaign.id, creator.id];
const procedures = Object.keys(appRouter._def.procedures);
const endpoints = [...endpointsOfRoutes(app.routes), ...endpointsOfProcedures(procedures)];

let tables: string[] = [];

async function rowCounts(): Promise<RowCounts> {
  return (await env.DB.prepare(rowCountSql(tables)).first<RowCounts>()) ?? {};
}

function toRequest(request: FuzzRequest, authorization: string | null): Request {
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  if (authorization !== null) headers.set("Authorization", authorization);
  // A new client address per request, so the per-address limits answer 429 only when a handler's own limit does.
  headers.set("cf-connecting-ip", uniqueClientAddress());
  return new Request(new URL(request.target, "http://127.0.0.1:8787"), {
    method: request.method,
    headers,
    body: request.body,
    redirect: "manual",
  });
}

beforeAll(async () => {
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertCampaignStatement(env.DB, campaign),
    ...insertUserStatements(env.DB, creator, ["creator"]),
    ...insertUserStatements(env.DB, advertiserOwner, ["advertiser"]),
    ...insertUserStatements(env.DB, admin, ["admin"]),
    insertMemberStatement(env.DB, {
      advertiserId: advertiser.id,
      userId: advertiserOwner.id,
      role: "owner",
      invitedBy: null,
      createdAt: now,
    }),
  ]);
  const names = await env.DB.prepare(TABLE_NAMES_SQL).all<{ name: string }>();
  tables = countedTables(names.results.map((row) => row.name));
});

describe("fuzz sample: hostile requests to every route and procedure", () => {
  it("covers every route of the app and every tRPC procedure", () => {
    expect(endpoints.length).toBeGreaterThan(80);
    expect(endpoints.map(endpointName)).toEqual(
      expect.arrayContaining(["POST /v1/action/post/create", "GET /auth/twitter/callback", "tRPC getCurrentUser"]),
    );
  });

  it.each(endpoints.map((endpoint) => [endpointName(endpoint), endpoint] as const))(
    "%s: no 5xx, every 400 names the field, a refused request stores nothing",
    async (name, endpoint) => {
      const bearers: Record<Credential, string | null> = {
        none: null,
        creator: await bearerFor(creator.id),
        advertiser: await bearerFor(advertiserOwner.id),
        admin: await bearerFor(admin.id),
        garbage: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1c2VyLWZ1enpfYWRtaW4ifQ.",
      };
      const requests = fc.sample(fuzzRequest(endpoint, { knownIds, procedures }), { seed: SEED, numRuns: RUNS_PER_ENDPOINT });
      const tally = newTally(name);
      const before = await rowCounts();
      let accepted = 0;
      for (const request of requests) {
        const response = await exports.default.fetch(toRequest(request, bearers[request.credential]));
        const body = await response.text();
        if (response.status < 400) accepted += 1;
        recordAnswer(tally, request, { status: response.status, body });
      }
      const after = await rowCounts();

      expect(tally.requests, statusSummary(tally.statuses)).toBe(RUNS_PER_ENDPOINT);
      expect(tally.examples).toEqual([]);
      if (accepted === 0)
        expect(rowsAdded(before, after), `rows stored although every request was refused: ${rowCountChanges(before, after)}`).toBe(false);
      expect((await exports.default.fetch(new Request("http://127.0.0.1:8787/ping"))).status).toBe(200);
    },
  );
});
