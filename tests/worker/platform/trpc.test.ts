import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TRPC_MAX_BATCH_SIZE } from "../../../worker/contracts/rpc.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor } from "../support/sessions.ts";

type TrpcError = { error: { message: string; code: number; data: Record<string, unknown> & { stack?: string; detail?: unknown } } };

const query = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
  fetchWorker(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });

async function creatorBearer(handle: string) {
  await env.DB.batch(insertUserStatements(env.DB, buildUser(handle, Date.now()), ["creator"]));
  return bearerFor(`user-${handle}`);
}

describe("what a tRPC error tells the caller", () => {
  it("never carries a stack", async () => {
    const response = await query("listCurrentCampaigns", { limit: 2 });
    expect(response.status).toBe(401);
    const body = (await response.json()) as TrpcError;
    expect(body.error.message).toBe("Sign in to continue");
    expect(body.error.data.stack).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/\bat [\w.<>]+ \(|\.ts:\d+/);
  });

  it("names each invalid input field as { loc, msg }, not a dump of validator issues", async () => {
    const response = await query("listCurrentCampaigns", { limit: 0 }, { Authorization: await creatorBearer("rpc_input_ivy") });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as TrpcError;
    expect(error.data.detail).toEqual([{ loc: ["input", "limit"], msg: expect.any(String) }]);
    expect(error.message).toMatch(/^limit: /);
    expect(error.message).not.toMatch(/[[{]|"code"|too_small/);
    expect(error.data.stack).toBeUndefined();
  });

  it("turns an internal failure into a generic sentence with the request id, and logs the real one", async () => {
    const logged = expectConsoleErrors();
    const authorization = await creatorBearer("rpc_outage_otto");
    await env.DB.exec("ALTER TABLE campaign_memberships RENAME TO campaign_memberships_unavailable");
    try {
      const response = await query("listCurrentCampaigns", { limit: 2 }, { Authorization: authorization, "cf-ray": "ray-trpc-outage-1" });
      expect(response.status).toBe(500);
      const { error } = (await response.json()) as TrpcError;
      expect(error.message).toBe("Something went wrong on our side. Please try again (incident ray-trpc-outage-1).");
      expect(JSON.stringify(error)).not.toMatch(/campaign_memberships|SQLITE|D1_|no such table/i);
      expect(error.data.stack).toBeUndefined();
      expect(logged().join("\n")).toContain("[ray-trpc-outage-1] trpc listCurrentCampaigns failed");
    } finally {
      await env.DB.exec("ALTER TABLE campaign_memberships_unavailable RENAME TO campaign_memberships");
    }
  });
});

describe("batches", () => {
  const batch = (size: number) => {
    const procedures = Array.from({ length: size }, () => "getBrandNameForHostname").join(",");
    const inputs = Object.fromEntries(Array.from({ length: size }, (_, index) => [index, { hostname: "localhost" }]));
    return fetchWorker(`/trpc/${procedures}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`);
  };

  it(`answers a batch of up to ${TRPC_MAX_BATCH_SIZE} calls`, async () => {
    expect(TRPC_MAX_BATCH_SIZE).toBeLessThanOrEqual(10);
    const response = await batch(TRPC_MAX_BATCH_SIZE);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(TRPC_MAX_BATCH_SIZE);
  });

  it("refuses a larger batch before running any of it", async () => {
    const response = await batch(TRPC_MAX_BATCH_SIZE + 1);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(/Batch call exceeds maximum size/);
  });
});
